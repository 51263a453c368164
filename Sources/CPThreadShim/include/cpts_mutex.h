#ifndef CPTS_MUTEX_H
#define CPTS_MUTEX_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef pthread_mutex_t cpts_mutex_t;

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
    /// A normal mutex with the PTHREAD_PRIO_INHERIT protocol.
    CPTS_MUTEX_KIND_PRIORITY_INHERIT = 3,
} cpts_mutex_kind;

/// Whether `kind` is really provided here (false for ADAPTIVE off glibc,
/// where it silently degrades to NORMAL).
bool cpts_mutex_kind_is_native(cpts_mutex_kind kind);

int cpts_mutex_init(cpts_mutex_t *mutex, cpts_mutex_kind kind);
int cpts_mutex_destroy(cpts_mutex_t *mutex);

// Lock operations are inline so a call from Swift costs one call into libc,
// not two.
static inline int cpts_mutex_lock(cpts_mutex_t *mutex) { return pthread_mutex_lock(mutex); }
static inline int cpts_mutex_trylock(cpts_mutex_t *mutex) { return pthread_mutex_trylock(mutex); }
static inline int cpts_mutex_unlock(cpts_mutex_t *mutex) { return pthread_mutex_unlock(mutex); }

/// Locks, waiting at most until `deadline_ns` on CLOCK_MONOTONIC.
/// Returns ETIMEDOUT when the deadline passes first. Uses
/// pthread_mutex_clocklock where available, pthread_mutex_timedlock
/// otherwise, and a trylock/sleep loop on platforms with neither.
int cpts_mutex_lock_until(cpts_mutex_t *mutex, uint64_t deadline_ns);

#ifdef __cplusplus
}
#endif
#endif
