#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "include/mutex_next.h"

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

static inline void mn_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield" ::: "memory");
#endif
}

/// The CPU's free-running cycle counter (TSC on x86, the virtual counter on
/// arm64): only its low bits are used, as per-thread jitter.
static inline uint64_t mn_cycle_counter(void) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    uint64_t value;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(value));
    return value;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_nsec;
#endif
}

static void mn_fail(const char *operation, int error) {
    fprintf(stderr, "mutex_next: %s failed: %s\n", operation, strerror(error));
    abort();
}

#if defined(__linux__)
/// Sleeps while the word is MN_CONTENDED. Woken, changed word (EAGAIN) and
/// signals (EINTR) all just return: the caller re-examines the word.
static void mn_futex_wait(mn_mutex_t *mutex) {
    long rc = syscall(SYS_futex, &mutex->word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, MN_CONTENDED, NULL, NULL, 0);
    if (rc != 0 && errno != EAGAIN && errno != EINTR) mn_fail("FUTEX_WAIT", errno);
}

void mn_mutex_wake_one(mn_mutex_t *mutex) {
    if (syscall(SYS_futex, &mutex->word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, NULL, NULL, 0) < 0) {
        mn_fail("FUTEX_WAKE", errno);
    }
}
#else
#error "Mutex (next) is the Linux Mutex: it needs futex(2)"
#endif

void mn_mutex_init(mn_mutex_t *mutex) {
    __atomic_store_n(&mutex->word, MN_UNLOCKED, __ATOMIC_RELAXED);
    __atomic_store_n(&mutex->slow_path_depth, 0, __ATOMIC_RELAXED);
}

void mn_mutex_lock_slow(mn_mutex_t *mutex) {
    // A deep queue already parked: extra spinners would only slow the hand
    // over to the parked threads, so go straight to the park loop.
    uint32_t initial = __atomic_load_n(&mutex->word, __ATOMIC_ACQUIRE);
    uint32_t depth = __atomic_load_n(&mutex->slow_path_depth, __ATOMIC_ACQUIRE);
    bool skip_spin = initial == MN_CONTENDED && depth >= MN_MAX_ACTIVE_SPINNERS;

    if (!skip_spin) {
        // Jitter drawn once per slow-path entry, so threads released
        // together by one hand-over do not retry in lockstep.
        uint32_t pauses = MN_PAUSE_BASE + ((uint32_t)mn_cycle_counter() & (MN_PAUSE_BASE - 1));
        for (uint32_t remaining = MN_SPIN_TRIES; remaining > 0; remaining--) {
            uint32_t seen = MN_UNLOCKED;
            if (__atomic_compare_exchange_n(&mutex->word, &seen, MN_LOCKED, false, __ATOMIC_ACQUIRE,
                                            __ATOMIC_RELAXED)) {
                return;
            }
            if (seen == MN_CONTENDED) break;  // someone is parked: join them
            for (uint32_t i = 0; i < pauses; i++) mn_pause();
        }
    }

    // Park loop (Drepper's mutex 2/3): mark the word contended while trying
    // to take it, so the holder's unlock wakes a parked thread.
    bool counted = false;
    while (__atomic_exchange_n(&mutex->word, MN_CONTENDED, __ATOMIC_ACQUIRE) != MN_UNLOCKED) {
        if (!counted) {
            __atomic_fetch_add(&mutex->slow_path_depth, 1, __ATOMIC_RELAXED);
            counted = true;
        }
        mn_futex_wait(mutex);
    }
    if (counted) __atomic_fetch_sub(&mutex->slow_path_depth, 1, __ATOMIC_RELAXED);
}
