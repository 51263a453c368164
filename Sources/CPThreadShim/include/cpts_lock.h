#ifndef CPTS_LOCK_H
#define CPTS_LOCK_H

// SafeBox's own lock: a 32-bit lock word with an inlined compare-exchange
// acquire, an inlined one-atomic release, a bounded spin, and a futex
// (Linux) or a parking lot over pthread condition variables (elsewhere) for
// blocking.
//
// Why not a pthread mutex: every pthread_mutex_lock/unlock is a call into
// libc (~70 instructions for a pair); the fast paths below are a handful of
// inlined instructions each. Why not stdlib Mutex's engine: on Linux up to
// Swift 6.3 it is a priority-inheritance futex that hands the lock to a
// sleeping waiter, which convoys as soon as threads outnumber cores. This
// lock lets a running thread take a just-released lock ("barging") and only
// parks after spinning; a waiter that has been overtaken for too long asks
// for the lock to be handed to it (see "fairness on request" in cpts_lock.c).
//
// The lock word:
//   bit  0    CPTS_LOCK_HELD: somebody holds the lock.
//   bit  1    CPTS_LOCK_PARKED: a thread may be parked on the word; the
//             release that clears HELD wakes one.
//   bit  2    CPTS_LOCK_CHECKED: this lock tracks its owner. The bit never
//             changes after init. It makes the inline acquire fail, so a
//             checked lock is always taken by the out-of-line path that
//             records the owner, and it leaves the word not 0 after the
//             inline release's subtraction, so cpts_lock_release_wake
//             clears the owner.
//   bit  3    CPTS_LOCK_FAIR: a waiter that has waited longer than
//             fair_after_us asked for the lock (no sooner than fair_after_us
//             after the last hand-off). Only that waiter sets and clears the
//             bit; while it is set nobody else may take the lock, and the
//             release that clears HELD leaves the lock reserved for that
//             waiter and wakes it on `fair_grant`.
//   bit  4    CPTS_LOCK_CONDITION_WAITERS: a thread is in cpts_lock_wait.
//             The first waiter sets it and the last one clears it, each
//             holding the lock; meanwhile it fails the inline acquire (the
//             out-of-line one keeps it) and makes every inline release call
//             cpts_lock_release_wake, which notifies the waiters.
// Every release is one atomic subtraction of HELD (the inline one without
// looking first; cpts_lock_release_slow after its EPERM checks), so a FAIR
// request or a PARKED mark that arrives meanwhile survives it. The release
// does not read the old value back: it only asks whether the word is now 0,
// which x86 answers from the flags of a `lock decl` (HELD is 1). A
// fetch-sub whose old value is used compiles to `lock xadd`: in a C
// side-by-side of this engine on the 2-vCPU AMD EPYC VM, medians of 7 runs,
// the `lock xadd` release took 4.59 ns per lock+increment+unlock
// uncontended and 5.34 ns with 2 threads, the `lock decl` one 4.16 and 4.50
// (Benchmarks/Results/reruns.md, section "Where the default engine's
// contended gap to Mutex (next) was"). A word that is not 0
// afterwards has a bit that needs more than the subtraction, and
// cpts_lock_release_wake takes a fresh look: it clears a checked lock's
// owner, notifies condition waiters, and wakes one parked thread or grants
// the lock to the fair requester. So the inline release serves every
// lock-word policy, and its caller tests nothing before it: the word itself
// says what the release must do. Everything else only the slow path needs
// (the spin limit, the fairness threshold, the fair requester's wake-up
// channel, the parked count) lives outside the word.
// Every access to the word is a C11/GCC atomic, so ThreadSanitizer sees the
// acquire/release edges the lock creates.

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CPTS_LOCK_HELD 1u
#define CPTS_LOCK_PARKED 2u
#define CPTS_LOCK_CHECKED 4u
#define CPTS_LOCK_FAIR 8u
#define CPTS_LOCK_CONDITION_WAITERS 16u

/// Deadline value meaning "wait forever" (UInt64.max in Swift).
#define CPTS_LOCK_NO_DEADLINE UINT64_MAX

/// How a lock behaves when it is contended or misused.
typedef enum cpts_lock_policy {
    /// Spin briefly (CPTS_SPIN_TRIES looks, until a thread is seen parked;
    /// none when one already is), then park; a waiter overtaken for
    /// CPTS_FAIR_AFTER_US asks for the lock to be handed to it (at most one
    /// hand-off per CPTS_FAIR_AFTER_US).
    CPTS_LOCK_POLICY_ADAPTIVE = 0,
    /// Park at once, never spin, never ask for a hand-off.
    CPTS_LOCK_POLICY_PLAIN = 1,
    /// Adaptive, and track the owner: re-entry returns EDEADLK, unlocking
    /// from a thread that does not hold the lock returns EPERM.
    CPTS_LOCK_POLICY_CHECKED = 2,
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
    /// Checked policy: the holder's thread identity, 0 when free. Atomic.
    uintptr_t owner;
    /// Futex word of the fair requester (the waiter that set CPTS_LOCK_FAIR):
    /// bumped by the release that reserves the lock for it. Atomic.
    uint32_t fair_grant;
    /// How long a parked waiter waits, in microseconds, before it sets
    /// CPTS_LOCK_FAIR, and the shortest time between two hand-offs;
    /// CPTS_LOCK_NO_HANDOFF: never. Set before the lock is shared; never
    /// changes after.
    uint32_t fair_after_us;
    /// CLOCK_MONOTONIC nanoseconds before which no waiter sets
    /// CPTS_LOCK_FAIR: fair_after_us after the last fair requester claimed
    /// the lock (0 until then). Atomic (relaxed); only the park loop of
    /// cpts_lock_acquire_slow reads and writes it.
    uint64_t next_request_ns;
} cpts_lock_t;

/// Looks at the word a contended acquire takes before it parks, for the
/// adaptive and checked policies unless tuned (#88523's value).
#ifndef CPTS_SPIN_TRIES
#define CPTS_SPIN_TRIES 20u
#endif
/// How long a parked waiter of the adaptive and checked policies waits, in
/// microseconds, before it asks for the lock to be handed to it, and the
/// shortest time between two hand-offs, unless tuned (Go's sync.Mutex
/// starvation threshold).
#ifndef CPTS_FAIR_AFTER_US
#define CPTS_FAIR_AFTER_US 1000u
#endif
/// fair_after_us meaning "never ask for a hand-off".
#define CPTS_LOCK_NO_HANDOFF UINT32_MAX

/// Sets how a contended lock waits: `spin_tries` looks at the word before
/// parking, and a parked waiter asks for a hand-off after `fair_after_us`,
/// at most one hand-off per `fair_after_us` (CPTS_LOCK_NO_HANDOFF: never).
/// cpts_lock_init sets the policy's defaults; call this after it, before
/// any other thread can see the lock.
static inline void cpts_lock_tune(cpts_lock_t *lock, uint32_t spin_tries, uint32_t fair_after_us) {
    lock->spin_limit = spin_tries;
    lock->fair_after_us = fair_after_us;
}

/// Initialises `lock` (free, no waiters) with `policy`.
void cpts_lock_init(cpts_lock_t *lock, cpts_lock_policy policy);

/// The lock word now (see above), read atomically: for tests and
/// diagnostics that watch the protocol from outside.
static inline uint32_t cpts_lock_word(const cpts_lock_t *lock) { return __atomic_load_n(&lock->word, __ATOMIC_RELAXED); }

/// One compare-exchange 0 -> HELD with acquire ordering. False when the lock
/// is held, may have parked threads, is reserved for a fair requester, has
/// condition waiters, or is checked: call cpts_lock_acquire_slow then.
static inline bool cpts_lock_acquire_fast(cpts_lock_t *lock) {
    uint32_t expected = 0;
    return __atomic_compare_exchange_n(&lock->word, &expected, CPTS_LOCK_HELD, false, __ATOMIC_ACQUIRE,
                                       __ATOMIC_RELAXED);
}

/// The part of a release that the inline subtraction cannot do, called by
/// the releaser right after its subtraction left a word that is not 0. It
/// looks at the word again and, for the bits it finds:
/// - CHECKED: clears the owner if it still names the caller (a thread that
///   took the lock since has recorded itself);
/// - CONDITION_WAITERS: wakes every thread in cpts_lock_wait, even when the
///   lock is held again (that holder may release without notifying);
/// - then, unless a thread holds the lock by now (its release will see the
///   same bits), grants a lock left reserved (FAIR) to the fair requester,
///   or wakes one thread parked on a word marked PARKED (clearing the mark,
///   which the woken thread sets again before it can sleep, so that the
///   next uncontended acquire is inline again).
void cpts_lock_release_wake(cpts_lock_t *lock);

#if defined(CPTS_RELEASE_COMPARE_EXCHANGE)
/// Engine study only: the release of the first engine, one compare-exchange
/// HELD -> 0 that fails (to cpts_lock_release_slow) whenever a thread may be
/// parked, so a contended release costs two read-modify-writes of the word.
static inline bool cpts_lock_release_compare_exchange(cpts_lock_t *lock) {
    uint32_t expected = CPTS_LOCK_HELD;
    return __atomic_compare_exchange_n(&lock->word, &expected, 0, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}
#endif

/// Releases a lock that the caller holds, with one atomic operation: a
/// subtraction of HELD with release ordering, blind (no load comes first)
/// and without reading the old value back (only whether the word is now
/// 0). The word is 0 afterwards unless it is checked, has condition waiters,
/// was marked PARKED, or a starving waiter asked for the lock; then
/// cpts_lock_release_wake, which also notifies condition waiters. Any
/// lock-word policy may release here.
///
/// The caller must hold the lock, and have taken it itself: this release
/// cannot tell a lock that was not held, nor (checked) held by another
/// thread. cpts_lock_release_slow can, answers EPERM, and never notifies.
static inline void cpts_lock_release_fast(cpts_lock_t *lock) {
    if (__atomic_sub_fetch(&lock->word, CPTS_LOCK_HELD, __ATOMIC_RELEASE) != 0) cpts_lock_release_wake(lock);
}

/// Spins (policy permitting), then parks until the lock is taken or
/// `deadline_ns` (CLOCK_MONOTONIC, or CPTS_LOCK_NO_DEADLINE) passes.
/// Returns 0 (acquired), ETIMEDOUT, or EDEADLK (checked lock already held by
/// the caller: waiting would never end).
int cpts_lock_acquire_slow(cpts_lock_t *lock, uint64_t deadline_ns);

/// Releases after checking that the caller may: EPERM when the lock is not
/// held, or (checked) is held by another thread; the lock is left untouched
/// then. Otherwise 0, after clearing the owner, subtracting HELD, and
/// waking one parked thread or granting the fair requester the lock. It
/// does not notify condition waiters: for a critical section that left the
/// guarded value as it found it.
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
    /// Held by the calling thread (checked policy only).
    CPTS_LOCK_HOLDER_CALLER = 2,
} cpts_lock_holder;

/// Who holds `lock`, as far as its policy records.
cpts_lock_holder cpts_lock_ownership(const cpts_lock_t *lock);

/// With the lock held: releases it, parks until a release through
/// cpts_lock_release_fast notifies (or a spurious wake-up, or
/// `deadline_ns`), and re-acquires it before returning.
/// `*condition_waiters` counts the threads in here: it is raised before the
/// release and lowered after the re-acquire, so the lock guards it; the
/// first waiter sets CPTS_LOCK_CONDITION_WAITERS in the word and the last
/// one clears it. (The count lives with its owner: SafeBox keeps it in its
/// block header, beside the pthread policies' count.)
/// Returns 0, ETIMEDOUT (deadline passed; the lock is held again anyway), or
/// EPERM (the caller did not hold the lock; nothing was done).
int cpts_lock_wait(cpts_lock_t *lock, uint32_t *condition_waiters, uint64_t deadline_ns);

/// Whether blocking uses the kernel's futex (true on Linux) or the portable
/// parking lot over pthread condition variables.
bool cpts_lock_uses_futex(void);

#ifdef __cplusplus
}
#endif
#endif
