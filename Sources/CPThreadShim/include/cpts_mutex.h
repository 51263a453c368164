#ifndef CPTS_MUTEX_H
#define CPTS_MUTEX_H

// pthread mutexes and their condition variables, for SafeBox's pthread
// policies (SafeBoxPolicy.pthread). SafeBox calls these from one Swift file
// (PThreadLockOperations), which checks every return code.

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef pthread_mutex_t cpts_mutex_t;
typedef pthread_cond_t cpts_cond_t;

/// Which pthread mutex type to create.
typedef enum cpts_mutex_kind {
    /// PTHREAD_MUTEX_NORMAL: no checks, no spinning.
    CPTS_MUTEX_KIND_NORMAL = 0,
    /// PTHREAD_MUTEX_ADAPTIVE_NP on glibc (spins briefly before sleeping);
    /// a normal mutex where the platform has no adaptive type.
    CPTS_MUTEX_KIND_ADAPTIVE = 1,
    /// PTHREAD_MUTEX_ERRORCHECK: relocking returns EDEADLK and unlocking a
    /// mutex the caller does not hold returns EPERM instead of hanging or
    /// corrupting the lock.
    CPTS_MUTEX_KIND_ERRORCHECK = 2,
    /// A normal mutex with the PTHREAD_PRIO_INHERIT protocol: a thread
    /// holding it runs at the priority of the highest-priority waiter.
    CPTS_MUTEX_KIND_PRIORITY_INHERIT = 3,
} cpts_mutex_kind;

/// A pthread mutex with the condition variable its waits use: the lock of a
/// SafeBox with a pthread policy. The mutex comes last, so in SafeBox's
/// block (8-byte header, this, then the value; 64-byte aligned) it shares a
/// cache line with the start of the value, and a contended hand-off moves
/// one line, as with a lock word. The header, the condition and the kind
/// fill the line before it; the hot path only reads them, so that line stays
/// shared between cores. Nothing beside the mutex records the holder: the C
/// library already does (see cpts_mutex_holder).
typedef struct cpts_pthread_lock {
    cpts_cond_t condition;
    /// The kind `mutex` was created with.
    cpts_mutex_kind kind;
    cpts_mutex_t mutex;
} cpts_pthread_lock_t;

int cpts_mutex_init(cpts_mutex_t *mutex, cpts_mutex_kind kind);
int cpts_mutex_destroy(cpts_mutex_t *mutex);

// Lock operations are inline so a call from Swift costs one call into libc,
// not two.
static inline int cpts_mutex_lock(cpts_mutex_t *mutex) { return pthread_mutex_lock(mutex); }
static inline int cpts_mutex_trylock(cpts_mutex_t *mutex) { return pthread_mutex_trylock(mutex); }
static inline int cpts_mutex_unlock(cpts_mutex_t *mutex) { return pthread_mutex_unlock(mutex); }

/// Locks, waiting at most until `deadline_ns` on CLOCK_MONOTONIC.
/// Returns ETIMEDOUT when the deadline passes first. Uses
/// pthread_mutex_clocklock where available, and a trylock/sleep loop on
/// platforms without it.
int cpts_mutex_lock_until(cpts_mutex_t *mutex, uint64_t deadline_ns);

/// Initialises a condition variable whose timed waits use CLOCK_MONOTONIC
/// (where the platform lets the clock be chosen).
int cpts_cond_init(cpts_cond_t *cond);
int cpts_cond_destroy(cpts_cond_t *cond);

static inline int cpts_cond_wait(cpts_cond_t *cond, cpts_mutex_t *mutex) { return pthread_cond_wait(cond, mutex); }
static inline int cpts_cond_broadcast(cpts_cond_t *cond) { return pthread_cond_broadcast(cond); }

/// Waits until signalled or until `deadline_ns` on CLOCK_MONOTONIC
/// (ETIMEDOUT). Spurious wake-ups are possible: callers loop on their predicate.
int cpts_cond_wait_until(cpts_cond_t *cond, cpts_mutex_t *mutex, uint64_t deadline_ns);

/// Who holds a pthread mutex, as cpts_mutex_holder reads it.
typedef enum cpts_mutex_holder_t {
    CPTS_MUTEX_FREE = 0,
    /// Held by the calling thread.
    CPTS_MUTEX_HELD_BY_CALLER = 1,
    /// Held by a thread other than the caller.
    CPTS_MUTEX_HELD_BY_ANOTHER_THREAD = 2,
    /// Held, by a thread this C library does not name.
    CPTS_MUTEX_HELD_BY_UNKNOWN = 3,
} cpts_mutex_holder_t;

/// Who holds `mutex`. glibc records the holder's kernel thread id in every
/// kind of mutex it locks (for its own error checks and robust lists), so
/// there the answer is exact, at the cost of a gettid system call; a
/// wrapper that recorded the holder again would pay for it on every lock.
/// Elsewhere the mutex is probed with trylock (released at once when it
/// succeeds), which tells free from held but not by whom.
cpts_mutex_holder_t cpts_mutex_holder(cpts_mutex_t *mutex);

#ifdef __cplusplus
}
#endif
#endif
