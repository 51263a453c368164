#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <time.h>

#if defined(__GLIBC__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "include/cpts_clock.h"
#include "include/cpts_mutex.h"

int cpts_mutex_init(cpts_mutex_t *mutex, cpts_mutex_kind kind) {
    pthread_mutexattr_t attr;
    int rc = pthread_mutexattr_init(&attr);
    if (rc != 0) return rc;

    int type = PTHREAD_MUTEX_NORMAL;
    switch (kind) {
    case CPTS_MUTEX_KIND_NORMAL:
    case CPTS_MUTEX_KIND_PRIORITY_INHERIT:
        type = PTHREAD_MUTEX_NORMAL;
        break;
    case CPTS_MUTEX_KIND_ADAPTIVE:
#if defined(PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP)
        type = PTHREAD_MUTEX_ADAPTIVE_NP;
#else
        type = PTHREAD_MUTEX_NORMAL;
#endif
        break;
    case CPTS_MUTEX_KIND_ERRORCHECK:
        type = PTHREAD_MUTEX_ERRORCHECK;
        break;
    default:
        pthread_mutexattr_destroy(&attr);
        return EINVAL;
    }

    rc = pthread_mutexattr_settype(&attr, type);
    if (rc == 0 && kind == CPTS_MUTEX_KIND_PRIORITY_INHERIT) {
        rc = pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT);
    }
    if (rc == 0) {
        rc = pthread_mutex_init(mutex, &attr);
    }
    int destroy_rc = pthread_mutexattr_destroy(&attr);
    return rc != 0 ? rc : destroy_rc;
}

int cpts_mutex_destroy(cpts_mutex_t *mutex) { return pthread_mutex_destroy(mutex); }

cpts_mutex_holder_t cpts_mutex_holder(cpts_mutex_t *mutex) {
#if defined(__GLIBC__)
    // glibc stores the holder's tid after taking the lock and clears it
    // before releasing, for every mutex kind. Only the holder writes its
    // own tid, so reading it back proves ownership; a racing read by another
    // thread can only see some other value. (For a moment after a lock, and
    // before an unlock, a held mutex reads as free to other threads.)
    pid_t owner = __atomic_load_n(&mutex->__data.__owner, __ATOMIC_RELAXED);
    if (owner == 0) return CPTS_MUTEX_FREE;
    return owner == (pid_t)syscall(SYS_gettid) ? CPTS_MUTEX_HELD_BY_CALLER : CPTS_MUTEX_HELD_BY_ANOTHER_THREAD;
#else
    int rc = pthread_mutex_trylock(mutex);
    if (rc != 0) return CPTS_MUTEX_HELD_BY_UNKNOWN;
    pthread_mutex_unlock(mutex);
    return CPTS_MUTEX_FREE;
#endif
}

int cpts_mutex_lock_until(cpts_mutex_t *mutex, uint64_t deadline_ns) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 30))
    struct timespec deadline = cpts_timespec_from_ns(deadline_ns);
    return pthread_mutex_clocklock(mutex, CLOCK_MONOTONIC, &deadline);
#else
    // No monotonic timed lock here (Darwin, musl): poll with trylock and
    // short sleeps. Coarse, but a deadline is never overshot by more than
    // one sleep interval and never shortened by a wall-clock jump.
    for (;;) {
        int rc = pthread_mutex_trylock(mutex);
        if (rc != EBUSY) return rc;
        if (cpts_monotonic_now_ns() >= deadline_ns) return ETIMEDOUT;
        struct timespec pause = {0, 50000};  // 50 µs
        nanosleep(&pause, NULL);
    }
#endif
}

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
