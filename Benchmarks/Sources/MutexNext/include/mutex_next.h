#ifndef MUTEX_NEXT_H
#define MUTEX_NEXT_H

// "Mutex (next)": the Linux Synchronization.Mutex of swiftlang/swift#88523,
// written from its published description (docs/SynchronizationMutexLinux.md
// at swiftlang/swift 60aef2aa, and the pull request's review threads), for
// the benchmarks only. A plain futex with a three-state word, a bounded spin
// with cycle-counter jitter, and no spinning once enough threads are parked.
// The tunables are the pull request's:

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Spin-phase iterations per entry into the slow path (`spinTries`).
#define MN_SPIN_TRIES 20u
/// `pause` instructions per spin iteration before jitter (`pauseBase`); a
/// power of two, since the jitter is `cycle counter & (MN_PAUSE_BASE - 1)`.
#define MN_PAUSE_BASE 64u
/// Once this many threads are in the kernel phase and the word says
/// "contended", newcomers park without spinning (`maxActiveSpinners`).
#define MN_MAX_ACTIVE_SPINNERS 4u

/// Lock word states.
#define MN_UNLOCKED 0u
#define MN_LOCKED 1u
#define MN_CONTENDED 2u

typedef struct mn_mutex {
    /// MN_UNLOCKED, MN_LOCKED or MN_CONTENDED. Only accessed atomically.
    uint32_t word;
    /// Threads that have missed the lock in the park loop and not yet taken
    /// it (`slowPathDepth`). Atomic.
    uint32_t slow_path_depth;
} mn_mutex_t;

/// Makes `mutex` unlocked with nobody waiting.
void mn_mutex_init(mn_mutex_t *mutex);

/// The contended acquire: spin, then park. Called by mn_mutex_lock only.
void mn_mutex_lock_slow(mn_mutex_t *mutex);

/// Wakes one thread parked on `mutex`. Called by mn_mutex_unlock only.
void mn_mutex_wake_one(mn_mutex_t *mutex);

/// Threads now counted in the park loop (a relaxed read, for tests).
static inline uint32_t mn_mutex_slow_path_depth(const mn_mutex_t *mutex) {
    return __atomic_load_n(&mutex->slow_path_depth, __ATOMIC_RELAXED);
}

/// Takes the lock: one compare-exchange when it is free (inlined, as the
/// standard library's `_lock` is), the slow path otherwise.
static inline void mn_mutex_lock(mn_mutex_t *mutex) {
    uint32_t expected = MN_UNLOCKED;
    if (__builtin_expect(__atomic_compare_exchange_n(&mutex->word, &expected, MN_LOCKED, false, __ATOMIC_ACQUIRE,
                                                     __ATOMIC_RELAXED), 1)) {
        return;
    }
    mn_mutex_lock_slow(mutex);
}

/// Takes the lock if it is free; never waits.
static inline bool mn_mutex_trylock(mn_mutex_t *mutex) {
    uint32_t expected = MN_UNLOCKED;
    return __atomic_compare_exchange_n(&mutex->word, &expected, MN_LOCKED, false, __ATOMIC_ACQUIRE,
                                       __ATOMIC_RELAXED);
}

/// Releases the lock; one FUTEX_WAKE when the word said someone may be parked.
static inline void mn_mutex_unlock(mn_mutex_t *mutex) {
    if (__atomic_exchange_n(&mutex->word, MN_UNLOCKED, __ATOMIC_RELEASE) == MN_CONTENDED) {
        mn_mutex_wake_one(mutex);
    }
}

#ifdef __cplusplus
}
#endif
#endif
