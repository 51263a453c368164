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
/// SafeBox with a pthread policy. The mutex, the holder and the waiter count
/// come first, so the uncontended path touches one cache line (with the
/// 8-byte header SafeBox puts before it).
typedef struct cpts_pthread_lock {
    cpts_mutex_t mutex;
    /// The holder's cpts_thread_identity(), 0 when free: ownership queries
    /// need it, and the normal and adaptive kinds cannot say who holds them.
    /// Written by the holder only; read by any thread (atomically).
    uintptr_t owner;
    /// Threads in a condition wait. Read and written only with the mutex held.
    intptr_t condition_waiters;
    cpts_cond_t condition;
    /// The kind `mutex` was created with.
    cpts_mutex_kind kind;
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

/// The calling thread's identity for owner records: never 0, distinct for
/// every live thread. One instruction (the thread pointer) where the
/// compiler can read it, pthread_self() elsewhere.
static inline uintptr_t cpts_thread_identity(void) {
#if (defined(__x86_64__) || defined(__aarch64__)) && defined(__has_builtin)
#if __has_builtin(__builtin_thread_pointer)
    return (uintptr_t)__builtin_thread_pointer();
#else
    return (uintptr_t)pthread_self();
#endif
#else
    return (uintptr_t)pthread_self();
#endif
}

/// After the calling thread locked `lock->mutex`: records it as the holder.
static inline void cpts_pthread_record_owner(cpts_pthread_lock_t *lock) {
    __atomic_store_n(&lock->owner, cpts_thread_identity(), __ATOMIC_RELAXED);
}

/// Before the calling thread unlocks `lock->mutex` (or waits on its
/// condition): clears the holder if it is the calling thread. False when it
/// is not (nothing changes then).
static inline bool cpts_pthread_clear_owner(cpts_pthread_lock_t *lock) {
    if (__atomic_load_n(&lock->owner, __ATOMIC_RELAXED) != cpts_thread_identity()) return false;
    __atomic_store_n(&lock->owner, 0, __ATOMIC_RELAXED);
    return true;
}

/// With the mutex held: whether any thread is in a condition wait, so the
/// holder must broadcast after changing the guarded value.
static inline bool cpts_pthread_has_condition_waiters(const cpts_pthread_lock_t *lock) {
    return lock->condition_waiters > 0;
}

/// The recorded holder of `lock` (compare with cpts_thread_identity()), 0
/// when free. Any thread may ask.
static inline uintptr_t cpts_pthread_owner(const cpts_pthread_lock_t *lock) {
    return __atomic_load_n(&lock->owner, __ATOMIC_RELAXED);
}

#ifdef __cplusplus
}
#endif
#endif
