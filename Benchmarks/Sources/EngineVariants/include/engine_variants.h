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

/// Spin limit 128, hand-off every 250 µs on average: SafeBox's constants.
EV_DECLARE(shipped)
/// Spin limit 2048 pauses.
EV_DECLARE(spin2048)
/// No hand-off.
EV_DECLARE(nohandoff)
/// Hand-off every 50 µs on average.
EV_DECLARE(handoff50us)

#undef EV_DECLARE

#ifdef __cplusplus
}
#endif
#endif
