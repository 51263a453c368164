#ifndef ENGINE_VARIANTS_H
#define ENGINE_VARIANTS_H

// SafeBox's lock engine built with other compile-time constants, and Mutex
// (next)'s engine beside them, for the engine study in the contention
// report (see engine_variant.inc and variant_mutexnext.c). Each
// variant is one ev_engine constant, ev_<name>_engine, holding its four
// entry points, so a variant's lock is never paired with another's unlock.

#ifdef __cplusplus
extern "C" {
#endif

/// One engine lock (a cache-line-aligned cpts_lock_t), opaque to Swift.
typedef struct ev_lock ev_lock;

/// One variant's entry points, called out of line.
///
/// ```swift
/// let engine = ev_shipped_engine
/// let lock = engine.create()
/// engine.lock(lock); engine.unlock(lock)
/// engine.destroy(lock)
/// ```
typedef struct ev_engine {
    /// A new, unlocked lock with the variant's constants (never NULL).
    ev_lock *_Nonnull (*_Nonnull create)(void);
    /// Frees a lock from `create`; it must be unlocked.
    void (*_Nonnull destroy)(ev_lock *_Nonnull lock);
    /// Blocks until the calling thread holds `lock`.
    void (*_Nonnull lock)(ev_lock *_Nonnull lock);
    /// Releases `lock`, which the calling thread holds.
    void (*_Nonnull unlock)(ev_lock *_Nonnull lock);
} ev_engine;

#define EV_DECLARE(prefix) extern const ev_engine ev_##prefix##_engine;

/// SafeBox's engine and constants: a release that subtracts HELD and tests
/// only whether the word is now 0, 20 tries of 64-127 pauses (a spinner that
/// sees a parked thread parks too, at once if it sees one on arrival), a
/// waiter asks for the lock after 1 ms, hand-offs 1 ms apart, parked
/// waiters sleep until a release wakes them.
EV_DECLARE(shipped)
/// The first engine: compare-exchange release, releaser hand-off every 250 µs on average.
EV_DECLARE(first)
/// Today's engine with the release it had before: the fetch-sub's old value
/// read back and tested (`lock xadd`) instead of the flags of the
/// subtraction (`lock sub`).
EV_DECLARE(fetchsub)
/// Today's engine with the first engine's compare-exchange release.
EV_DECLARE(casrelease)
/// Spinners keep spinning for all their tries past parked threads, where
/// today's engine (and Mutex (next)) parks at the first sign of one.
EV_DECLARE(keepspinning)
/// A spinner that arrives when threads are already parked makes its first
/// pause and look before it parks, where today's engine parks at once.
EV_DECLARE(pausefirst)
/// The spin before the guess: a plain load per look, a compare-exchange only
/// of a word that looked takeable.
EV_DECLARE(looksfirst)
/// 5 tries instead of 20.
EV_DECLARE(tries5)
/// Mutex (next)'s engine (swiftlang/swift#88523's algorithm, the MutexNext
/// target) behind the same out-of-line calls and separate allocation.
EV_DECLARE(mutexnext)
/// No fairness: waiters never ask for a hand-off.
EV_DECLARE(nohandoff)
/// A waiter asks for the lock after 250 µs.
EV_DECLARE(fair250us)
/// Hand-offs back to back: a waiter past its threshold asks at once, even
/// right after another waiter's hand-off.
EV_DECLARE(backtoback)
/// A parked waiter sleeps with the moment it may ask for a hand-off as its
/// timeout instead of until a release wakes it.
EV_DECLARE(timedpark)

#undef EV_DECLARE

#ifdef __cplusplus
}
#endif
#endif
