#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "include/cpts_clock.h"
#include "include/cpts_cond.h"

int cpts_cond_init(cpts_cond_t *cond) {
    pthread_condattr_t attr;
    int rc = pthread_condattr_init(&attr);
    if (rc != 0) return rc;
#if !defined(__APPLE__)
    rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
#endif
    if (rc == 0) {
        rc = pthread_cond_init(cond, &attr);
    }
    int destroy_rc = pthread_condattr_destroy(&attr);
    return rc != 0 ? rc : destroy_rc;
}

int cpts_cond_destroy(cpts_cond_t *cond) { return pthread_cond_destroy(cond); }

int cpts_cond_wait_until(cpts_cond_t *cond, cpts_mutex_t *mutex, uint64_t deadline_ns) {
#if defined(__APPLE__)
    // Darwin's condition variables only take relative timeouts against the
    // monotonic clock through this call.
    uint64_t now = cpts_monotonic_now_ns();
    if (now >= deadline_ns) return ETIMEDOUT;
    struct timespec relative = cpts_timespec_from_ns(deadline_ns - now);
    return pthread_cond_timedwait_relative_np(cond, mutex, &relative);
#else
    struct timespec deadline = cpts_timespec_from_ns(deadline_ns);
    return pthread_cond_timedwait(cond, mutex, &deadline);
#endif
}
