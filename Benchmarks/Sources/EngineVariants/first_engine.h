// The first engine's header (cpts_lock.h before issue 24), frozen for the
// engine study with first_engine.inc; only the includes differ.

#ifndef CPTS_LOCK_H
#define CPTS_LOCK_H

// SafeBox's own lock: a 32-bit lock word with an inlined compare-exchange
// fast path, a bounded spin, and a futex (Linux) or a parking lot
// over pthread condition variables (elsewhere) for blocking.
//
// Why not a pthread mutex: every pthread_mutex_lock/unlock is a call into
// libc (~70 instructions for a pair); the fast paths below are one inlined
// compare-exchange each. Why not stdlib Mutex's engine: on Linux it is a
// priority-inheritance futex that hands the lock to a sleeping waiter, which
// convoys as soon as threads outnumber cores. This lock lets a running thread
// take a just-released lock ("barging") and only parks after spinning.
//
// The lock word:
//   bits 0-1  state: 0 free, 1 held, 2 held and a thread may be parked
//   bit  2    CPTS_LOCK_CHECKED: this lock tracks its owner. The bit never
//             changes after init and makes both inline fast paths fail, so
//             checked locks always take the out-of-line path that verifies
//             the owner, at no cost to unchecked locks.
//   bit  3    CPTS_LOCK_HANDOFF: the releaser passed the lock straight to a
//             parked thread (state bits stay "parked", so neither the fast
//             path nor a spinner can take it); only a thread already waiting
//             in the slow path may claim it. See "eventual fairness" in
//             cpts_lock.c.
//   bit  4    CPTS_LOCK_PTHREAD: the lock is backed by the cpts_pthread_lock_t
//             placed right after it (cpts_pthread_backed_lock_t). Never
//             changes after init and makes both inline fast paths fail, so
//             the caller's slow path sees the flag (cpts_lock_pthread) and
//             uses the pthread mutex instead of this word.
// Every access to the word is a C11/GCC atomic, so ThreadSanitizer sees the
// acquire/release edges the lock creates.

#include <stdbool.h>
#include <stdint.h>

#include "../../../Sources/CPThreadShim/include/cpts_mutex.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CPTS_LOCK_STATE_MASK 3u
#define CPTS_LOCK_HELD 1u
#define CPTS_LOCK_PARKED 2u
#define CPTS_LOCK_CHECKED 4u
#define CPTS_LOCK_HANDOFF 8u
#define CPTS_LOCK_PTHREAD 16u
/// Bits that never change after init.
#define CPTS_LOCK_FLAG_MASK (CPTS_LOCK_CHECKED | CPTS_LOCK_PTHREAD)

/// Deadline value meaning "wait forever" (UInt64.max in Swift).
#define CPTS_LOCK_NO_DEADLINE UINT64_MAX

/// How a lock behaves when it is contended or misused.
typedef enum cpts_lock_policy {
    /// Spin briefly (CPTS_SPIN_TRIES looks, none once several threads are
    /// parked), then park.
    CPTS_LOCK_POLICY_ADAPTIVE = 0,
    /// Park at once, never spin.
    CPTS_LOCK_POLICY_PLAIN = 1,
    /// Adaptive, and track the owner: re-entry returns EDEADLK, unlocking
    /// from a thread that does not hold the lock returns EPERM.
    CPTS_LOCK_POLICY_CHECKED = 2,
    /// Delegate to the pthread mutex that follows the lock in a
    /// cpts_pthread_backed_lock_t; the word only carries CPTS_LOCK_PTHREAD,
    /// and `owner` records the holder for ownership queries.
    CPTS_LOCK_POLICY_PTHREAD = 3,
} cpts_lock_policy;

typedef struct cpts_lock {
    /// The lock word (see above). Only accessed atomically.
    uint32_t word;
    /// Futex word of the condition: bumped by every notify. Atomic.
    uint32_t condition_sequence;
    /// How many times a contended acquire looks at the word before it
    /// parks; 0 for the plain policy (park at once). Set before the lock is
    /// shared; never changes after.
    uint32_t spin_limit;
    /// Threads parked in the acquire loop. Atomic (relaxed): it only tells
    /// newcomers whether spinning is worth it.
    uint32_t parked_threads;
    /// Checked and pthread policies: the holder's thread identity, 0 when
    /// free. Atomic.
    uintptr_t owner;
    /// Threads parked in cpts_lock_wait. Read and written only with the lock held.
    intptr_t condition_waiters;
    /// Eventual fairness: the earliest CLOCK_MONOTONIC time at which a
    /// contended release hands the lock to a parked thread instead of letting
    /// running threads barge. Only the holder reads or writes it.
    uint64_t fair_handoff_after_ns;
    /// State of the generator that randomises the hand-off interval. Holder only.
    uint32_t fairness_random;
    /// Mean hand-off interval in microseconds, or CPTS_LOCK_NO_HANDOFF.
    /// Set before the lock is shared; never changes after.
    uint32_t fair_handoff_mean_us;
} cpts_lock_t;

/// Looks at the word a contended acquire takes before it parks, for the
/// adaptive and checked policies unless tuned (#88523's value).
#ifndef CPTS_SPIN_TRIES
#define CPTS_SPIN_TRIES 20u
#endif
/// Mean interval of the fair hand-off in microseconds, for the adaptive and
/// checked policies unless tuned.
#ifndef CPTS_FAIR_HANDOFF_MEAN_US
#define CPTS_FAIR_HANDOFF_MEAN_US 250u
#endif
/// fair_handoff_mean_us meaning "never hand off".
#define CPTS_LOCK_NO_HANDOFF UINT32_MAX

/// Sets how a contended lock waits: `spin_tries` looks at the word before
/// parking, and a fair hand-off every `handoff_mean_us` on average
/// (CPTS_LOCK_NO_HANDOFF: never). cpts_lock_init sets the policy's defaults;
/// call this after it, before any other thread can see the lock.
static inline void cpts_lock_tune(cpts_lock_t *lock, uint32_t spin_tries, uint32_t handoff_mean_us) {
    lock->spin_limit = spin_tries;
    lock->fair_handoff_mean_us = handoff_mean_us;
    lock->fair_handoff_after_ns = handoff_mean_us == CPTS_LOCK_NO_HANDOFF ? UINT64_MAX : 0;
}

/// A lock whose policy is CPTS_LOCK_POLICY_PTHREAD, with the pthread mutex
/// it delegates to. The caller initialises `pthread` (cpts_mutex_init,
/// cpts_cond_init) after cpts_lock_init.
typedef struct cpts_pthread_backed_lock {
    cpts_lock_t lock;
    cpts_pthread_lock_t pthread;
} cpts_pthread_backed_lock_t;

/// Initialises `lock` (free, no waiters) with `policy`. A
/// CPTS_LOCK_POLICY_PTHREAD lock must be the `lock` of a
/// cpts_pthread_backed_lock_t.
void cpts_lock_init(cpts_lock_t *lock, cpts_lock_policy policy);

/// The pthread mutex behind a CPTS_LOCK_POLICY_PTHREAD lock; NULL for
/// every other policy.
static inline cpts_pthread_lock_t *cpts_lock_pthread(cpts_lock_t *lock) {
    if ((__atomic_load_n(&lock->word, __ATOMIC_RELAXED) & CPTS_LOCK_PTHREAD) == 0) return NULL;
    return &((cpts_pthread_backed_lock_t *)lock)->pthread;
}

/// Pthread policy: records the calling thread as the holder, after it
/// locked the pthread mutex.
void cpts_lock_record_owner(cpts_lock_t *lock);

/// Pthread policy: clears the holder if it is the calling thread, before
/// it unlocks the pthread mutex or waits on its condition. False when the
/// calling thread was not the recorded holder (nothing changes then).
bool cpts_lock_clear_owner(cpts_lock_t *lock);

/// One compare-exchange 0 -> HELD with acquire ordering. False when the lock
/// is held, parked-on, or checked: call cpts_lock_acquire_slow then.
static inline bool cpts_lock_acquire_fast(cpts_lock_t *lock) {
    uint32_t expected = 0;
    return __atomic_compare_exchange_n(&lock->word, &expected, CPTS_LOCK_HELD, false, __ATOMIC_ACQUIRE,
                                       __ATOMIC_RELAXED);
}

/// One compare-exchange HELD -> 0 with release ordering. False when a
/// thread may be parked or the lock is checked (or not held at all): call
/// cpts_lock_release_slow then.
static inline bool cpts_lock_release_fast(cpts_lock_t *lock) {
    uint32_t expected = CPTS_LOCK_HELD;
    return __atomic_compare_exchange_n(&lock->word, &expected, 0, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}

/// Spins (policy permitting), then parks until the lock is taken or
/// `deadline_ns` (CLOCK_MONOTONIC, or CPTS_LOCK_NO_DEADLINE) passes.
/// Returns 0 (acquired), ETIMEDOUT, or EDEADLK (checked lock already held by
/// the caller: waiting would never end).
int cpts_lock_acquire_slow(cpts_lock_t *lock, uint64_t deadline_ns);

/// Releases after the fast path failed: wakes one parked thread if any.
/// Returns 0, or EPERM when the lock is not held, or (checked) is held by
/// another thread; the lock is left untouched then.
int cpts_lock_release_slow(cpts_lock_t *lock);

/// Takes the lock only if it is free now: 0 or EBUSY. Handles checked locks.
int cpts_lock_try_acquire(cpts_lock_t *lock);

/// The policy `lock` was initialised with.
cpts_lock_policy cpts_lock_get_policy(const cpts_lock_t *lock);

/// What cpts_lock_ownership knows about the holder.
typedef enum cpts_lock_holder {
    CPTS_LOCK_HOLDER_NONE = 0,
    /// Held by another thread, or by somebody the lock cannot name (the
    /// adaptive and plain policies do not record their holder).
    CPTS_LOCK_HOLDER_OTHER_OR_UNKNOWN = 1,
    /// Held by the calling thread (checked and pthread policies only).
    CPTS_LOCK_HOLDER_CALLER = 2,
} cpts_lock_holder;

/// Who holds `lock`, as far as its policy records.
cpts_lock_holder cpts_lock_ownership(const cpts_lock_t *lock);

/// With the lock held: releases it, parks until cpts_lock_notify_all (or a
/// spurious wake-up, or `deadline_ns`), and re-acquires it before returning.
/// Returns 0, ETIMEDOUT (deadline passed; the lock is held again anyway), or
/// EPERM (the caller did not hold the lock; nothing was done).
int cpts_lock_wait(cpts_lock_t *lock, uint64_t deadline_ns);

/// With the lock held: wakes every thread in cpts_lock_wait so each re-checks
/// its condition. Callers skip the call when condition_waiters is 0.
void cpts_lock_notify_all(cpts_lock_t *lock);

/// With the lock held: whether any thread is in cpts_lock_wait, so the
/// holder must call cpts_lock_notify_all after changing the guarded value.
static inline bool cpts_lock_has_condition_waiters(const cpts_lock_t *lock) { return lock->condition_waiters > 0; }

/// Whether blocking uses the kernel's futex (true on Linux) or the portable
/// parking lot over pthread condition variables.
bool cpts_lock_uses_futex(void);

#ifdef __cplusplus
}
#endif
#endif
