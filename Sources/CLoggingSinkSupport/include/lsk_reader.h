// The per-thread reader records behind LoggingSink's lock-free read path.
//
// A log call must not write to memory that other threads write (no lock, no
// shared reference count). A reader therefore announces which handler it is
// about to call in a slot that only its own thread writes (a hazard pointer),
// and the rare writer that replaces a handler scans every slot before it
// frees an old one. The reader side pays one plain store per announcement:
// the store-load ordering a hazard pointer needs is supplied by the writer
// with membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED), which forces a full
// barrier on every running thread of the process. Where membarrier is not
// available, readers fall back to a real fence (lsk_readers_need_fence).
//
// Everything here is internal to LoggingSink (imported with `internal
// import`): the hazard protocol lives in
// Sources/LoggingSink/Internal/Publication.swift; LogSink.swift and
// ScopedSink.swift only read and adjust the scoped-override counter.
#ifndef LSK_READER_H
#define LSK_READER_H

#include <stdatomic.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Hazard slots per thread: how deeply sink calls may nest (a sink that
/// logs through another sink) before a reader takes the locked slow path.
#define LSK_SLOTS 4

typedef struct lsk_reader {
    /// Handlers (as addresses) this thread is calling, by nesting depth. Written only by
    /// the owning thread; read by writers scanning for live handlers.
    _Atomic(uintptr_t) slots[LSK_SLOTS];
    /// The number of slots in use. Private to the owning thread.
    unsigned depth;
    /// 1 while a live thread owns this record, 0 while it waits for reuse.
    _Atomic(int) in_use;
    /// The next record in the registry. Immutable once published.
    struct lsk_reader *next;
    /// Pads the record to one 64-byte cache line (records are allocated
    /// 64-byte aligned), so no two threads' records share a line.
    char padding[64 - LSK_SLOTS * sizeof(uintptr_t) - 2 * sizeof(int) - sizeof(void *)];
} lsk_reader;

/// This thread's record, or NULL before its first log call.
extern _Thread_local lsk_reader *lsk_thread_reader;

/// 1 when membarrier is unavailable and readers must fence themselves.
/// Written once, before any thread obtains a record (pthread_once).
extern int lsk_readers_need_fence;

/// Number of task-local sink overrides in effect anywhere in the process.
/// Nonzero makes log calls consult the task-local override list.
extern _Atomic(long) lsk_scoped_override_count;

/// Claims a record for the calling thread (reusing one from an exited
/// thread when possible) and arranges its release at thread exit.
/// Never returns NULL: it aborts with a message if memory is exhausted.
lsk_reader *lsk_reader_attach(void);

/// The first record of the registry. Records are never freed, so a writer
/// may walk the list without a lock while threads come and go.
lsk_reader *lsk_reader_registry(void);

/// The writer's half of the reader/writer fence pair: membarrier, or a
/// sequentially consistent fence when readers fence themselves.
void lsk_writer_barrier(void);

/// The number of records ever created (peak concurrent logging threads).
long lsk_reader_record_count(void);

static inline lsk_reader *lsk_reader_current(void) {
    lsk_reader *reader = lsk_thread_reader;
    if (__builtin_expect(reader != NULL, 1)) return reader;
    return lsk_reader_attach();
}

/// Announces `handler` in slot `depth`. The compiler barrier keeps the
/// store ahead of the caller's re-check of the published handler; the
/// writer's membarrier supplies the hardware ordering.
static inline void lsk_reader_protect(lsk_reader *reader, unsigned depth, uintptr_t handler) {
    atomic_store_explicit(&reader->slots[depth], handler, memory_order_relaxed);
    if (__builtin_expect(lsk_readers_need_fence, 0)) {
        atomic_thread_fence(memory_order_seq_cst);
    } else {
        atomic_signal_fence(memory_order_seq_cst);
    }
}

/// Withdraws the announcement in slot `depth` once the handler returned.
/// Release ordering makes every use of the handler happen before a writer
/// that reads the cleared slot frees it.
static inline void lsk_reader_release(lsk_reader *reader, unsigned depth) {
    atomic_store_explicit(&reader->slots[depth], (uintptr_t)0, memory_order_release);
}

static inline uintptr_t lsk_reader_slot(lsk_reader *reader, unsigned index) {
    return atomic_load_explicit(&reader->slots[index], memory_order_acquire);
}

static inline unsigned lsk_reader_depth(const lsk_reader *reader) {
    return reader->depth;
}

static inline void lsk_reader_set_depth(lsk_reader *reader, unsigned depth) {
    reader->depth = depth;
}

static inline lsk_reader *lsk_reader_next(const lsk_reader *reader) {
    return reader->next;
}

static inline long lsk_scoped_overrides(void) {
    return atomic_load_explicit(&lsk_scoped_override_count, memory_order_relaxed);
}

static inline void lsk_scoped_overrides_add(long delta) {
    atomic_fetch_add_explicit(&lsk_scoped_override_count, delta, memory_order_relaxed);
}

#ifdef __cplusplus
}
#endif

#endif
