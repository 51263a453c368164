#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "include/cpts_clock.h"
#include "include/cpts_rwlock.h"

int cpts_rwlock_init(cpts_rwlock_t *rwlock, bool prefer_writers) {
    pthread_rwlockattr_t attr;
    int rc = pthread_rwlockattr_init(&attr);
    if (rc != 0) return rc;
    if (prefer_writers) {
#if defined(__GLIBC__)
        rc = pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#elif defined(__APPLE__)
        // Darwin's rwlock already blocks new readers while a writer waits.
        rc = 0;
#else
        rc = ENOTSUP;
#endif
    }
    if (rc == 0) {
        rc = pthread_rwlock_init(rwlock, &attr);
    }
    int destroy_rc = pthread_rwlockattr_destroy(&attr);
    return rc != 0 ? rc : destroy_rc;
}

int cpts_rwlock_destroy(cpts_rwlock_t *rwlock) { return pthread_rwlock_destroy(rwlock); }

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 30))
#define CPTS_HAVE_CLOCK_RWLOCK 1
#endif

int cpts_rwlock_rdlock_until(cpts_rwlock_t *rwlock, uint64_t deadline_ns) {
#if defined(CPTS_HAVE_CLOCK_RWLOCK)
    struct timespec deadline = cpts_timespec_from_ns(deadline_ns);
    return pthread_rwlock_clockrdlock(rwlock, CLOCK_MONOTONIC, &deadline);
#else
    for (;;) {
        int rc = pthread_rwlock_tryrdlock(rwlock);
        if (rc != EBUSY) return rc;
        if (cpts_monotonic_now_ns() >= deadline_ns) return ETIMEDOUT;
        struct timespec pause = {0, 50000};
        nanosleep(&pause, NULL);
    }
#endif
}

int cpts_rwlock_wrlock_until(cpts_rwlock_t *rwlock, uint64_t deadline_ns) {
#if defined(CPTS_HAVE_CLOCK_RWLOCK)
    struct timespec deadline = cpts_timespec_from_ns(deadline_ns);
    return pthread_rwlock_clockwrlock(rwlock, CLOCK_MONOTONIC, &deadline);
#else
    for (;;) {
        int rc = pthread_rwlock_trywrlock(rwlock);
        if (rc != EBUSY) return rc;
        if (cpts_monotonic_now_ns() >= deadline_ns) return ETIMEDOUT;
        struct timespec pause = {0, 50000};
        nanosleep(&pause, NULL);
    }
#endif
}
