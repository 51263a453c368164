#define _GNU_SOURCE
#include "lsk_reader.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#endif

_Thread_local lsk_reader *lsk_thread_reader = NULL;
int lsk_readers_need_fence = 1;
_Atomic(long) lsk_scoped_override_count = 0;

static _Atomic(lsk_reader *) registry_head = NULL;
static _Atomic(long) record_count = 0;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static int use_membarrier = 0;

static void fail(const char *what, int code) {
    fprintf(stderr, "LoggingSink: %s failed: %s\n", what, strerror(code));
    abort();
}

/// Runs at thread exit with the thread's record: empties it and offers it
/// for reuse. The thread-local pointer is cleared first so that a log call
/// made by a later destructor on this thread attaches afresh instead of
/// using a record another thread may already have claimed.
static void release_at_exit(void *value) {
    lsk_reader *reader = value;
    lsk_thread_reader = NULL;
    for (unsigned i = 0; i < LSK_SLOTS; i++) {
        atomic_store_explicit(&reader->slots[i], (uintptr_t)0, memory_order_release);
    }
    reader->depth = 0;
    atomic_store_explicit(&reader->in_use, 0, memory_order_release);
}

static void setup(void) {
    int code = pthread_key_create(&exit_key, release_at_exit);
    if (code != 0) fail("pthread_key_create", code);
#if defined(__linux__) && defined(__NR_membarrier)
    long supported = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (supported > 0 && (supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED)
        && syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
        use_membarrier = 1;
    }
#endif
    lsk_readers_need_fence = use_membarrier ? 0 : 1;
}

_Static_assert(sizeof(lsk_reader) == 64, "a reader record must fill exactly one cache line");

lsk_reader *lsk_reader_attach(void) {
    int code = pthread_once(&setup_once, setup);
    if (code != 0) fail("pthread_once", code);

    lsk_reader *reader = NULL;
    for (lsk_reader *candidate = atomic_load_explicit(&registry_head, memory_order_acquire);
         candidate != NULL; candidate = candidate->next) {
        int idle = 0;
        if (atomic_compare_exchange_strong_explicit(&candidate->in_use, &idle, 1,
                                                    memory_order_acq_rel, memory_order_relaxed)) {
            reader = candidate;
            break;
        }
    }
    if (reader == NULL) {
        // One cache line per record (the struct is padded to 64 bytes):
        // records of different threads must never share a line, or their
        // slot stores would be shared writes after all.
        void *memory = NULL;
        code = posix_memalign(&memory, 64, sizeof(lsk_reader));
        if (code != 0) fail("allocating a reader record", code);
        reader = memset(memory, 0, sizeof(lsk_reader));
        atomic_store_explicit(&reader->in_use, 1, memory_order_relaxed);
        lsk_reader *head = atomic_load_explicit(&registry_head, memory_order_relaxed);
        do {
            reader->next = head;
        } while (!atomic_compare_exchange_weak_explicit(&registry_head, &head, reader,
                                                        memory_order_release, memory_order_relaxed));
        atomic_fetch_add_explicit(&record_count, 1, memory_order_relaxed);
    }
    code = pthread_setspecific(exit_key, reader);
    if (code != 0) fail("pthread_setspecific", code);
    lsk_thread_reader = reader;
    return reader;
}

lsk_reader *lsk_reader_registry(void) {
    return atomic_load_explicit(&registry_head, memory_order_acquire);
}

void lsk_writer_barrier(void) {
    int code = pthread_once(&setup_once, setup);
    if (code != 0) fail("pthread_once", code);
    if (use_membarrier) {
#if defined(__linux__) && defined(__NR_membarrier)
        if (syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0) return;
        // Registered at setup, so this cannot fail; if it somehow does,
        // stop rather than free a handler a reader may still be calling.
        fail("membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)", errno);
#endif
    }
    atomic_thread_fence(memory_order_seq_cst);
}

long lsk_reader_record_count(void) {
    return atomic_load_explicit(&record_count, memory_order_relaxed);
}
