#ifndef CPTS_COND_H
#define CPTS_COND_H

#include <pthread.h>
#include <stdint.h>

#include "cpts_mutex.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef pthread_cond_t cpts_cond_t;

/// Initialises a condition variable whose timed waits use CLOCK_MONOTONIC
/// (where the platform lets the clock be chosen).
int cpts_cond_init(cpts_cond_t *cond);
int cpts_cond_destroy(cpts_cond_t *cond);

static inline int cpts_cond_wait(cpts_cond_t *cond, cpts_mutex_t *mutex) { return pthread_cond_wait(cond, mutex); }
static inline int cpts_cond_signal(cpts_cond_t *cond) { return pthread_cond_signal(cond); }
static inline int cpts_cond_broadcast(cpts_cond_t *cond) { return pthread_cond_broadcast(cond); }

/// Waits until signalled or until `deadline_ns` on CLOCK_MONOTONIC
/// (ETIMEDOUT). Spurious wake-ups are possible: callers loop on their predicate.
int cpts_cond_wait_until(cpts_cond_t *cond, cpts_mutex_t *mutex, uint64_t deadline_ns);

#ifdef __cplusplus
}
#endif
#endif
