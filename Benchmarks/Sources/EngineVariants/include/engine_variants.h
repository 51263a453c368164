#ifndef ENGINE_VARIANTS_H
#define ENGINE_VARIANTS_H

// SafeBox's lock engine built with other compile-time constants, for the
// engine study in the contention report (see engine_variant.inc). Each
// variant: create, lock, unlock, destroy.

#ifdef __cplusplus
extern "C" {
#endif

/// One engine lock (a cache-line-aligned cpts_lock_t), opaque to Swift.
typedef struct ev_lock ev_lock;

#define EV_DECLARE(prefix)                        \
    ev_lock *ev_##prefix##_create(void);          \
    void ev_##prefix##_destroy(ev_lock *lock);    \
    void ev_##prefix##_lock(ev_lock *lock);       \
    void ev_##prefix##_unlock(ev_lock *lock);

/// SafeBox's engine and constants: 20 tries of 64-127 pauses (a spinner that
/// sees a parked thread parks too), a waiter asks for the lock after 1 ms.
EV_DECLARE(shipped)
/// The first engine: compare-exchange release, releaser hand-off every 250 µs on average.
EV_DECLARE(first)
/// Today's engine with the fetch-sub release whose old value decides.
EV_DECLARE(fetchsub)
/// Today's engine with the first engine's compare-exchange release.
EV_DECLARE(casrelease)
/// Spinners keep spinning for all their tries past parked threads.
EV_DECLARE(keepspinning)
/// The spin before the guess: a plain load per look, a compare-exchange only
/// of a word that looked takeable.
EV_DECLARE(looksfirst)
/// 5 tries instead of 20.
EV_DECLARE(tries5)
/// No fairness: waiters never ask for a hand-off.
EV_DECLARE(nohandoff)
/// A waiter asks for the lock after 250 µs.
EV_DECLARE(fair250us)
/// Hand-offs back to back: no interval between two hand-offs.
EV_DECLARE(backtoback)
/// Parked waiters wake at the moment they may ask for a hand-off.
EV_DECLARE(timedpark)

#undef EV_DECLARE

#ifdef __cplusplus
}
#endif
#endif
