#ifndef CPTS_RWLOCK_H
#define CPTS_RWLOCK_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef pthread_rwlock_t cpts_rwlock_t;

/// Initialises a reader-writer lock. With `prefer_writers`, glibc's
/// PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP is used so a steady stream
/// of readers cannot starve a waiting writer (glibc's default prefers
/// readers). Returns ENOTSUP when writer preference is requested on a
/// platform that cannot provide it.
int cpts_rwlock_init(cpts_rwlock_t *rwlock, bool prefer_writers);
int cpts_rwlock_destroy(cpts_rwlock_t *rwlock);

static inline int cpts_rwlock_rdlock(cpts_rwlock_t *rwlock) { return pthread_rwlock_rdlock(rwlock); }
static inline int cpts_rwlock_wrlock(cpts_rwlock_t *rwlock) { return pthread_rwlock_wrlock(rwlock); }
static inline int cpts_rwlock_tryrdlock(cpts_rwlock_t *rwlock) { return pthread_rwlock_tryrdlock(rwlock); }
static inline int cpts_rwlock_trywrlock(cpts_rwlock_t *rwlock) { return pthread_rwlock_trywrlock(rwlock); }
static inline int cpts_rwlock_unlock(cpts_rwlock_t *rwlock) { return pthread_rwlock_unlock(rwlock); }

/// Read-locks, waiting at most until `deadline_ns` on CLOCK_MONOTONIC (ETIMEDOUT).
int cpts_rwlock_rdlock_until(cpts_rwlock_t *rwlock, uint64_t deadline_ns);
/// Write-locks, waiting at most until `deadline_ns` on CLOCK_MONOTONIC (ETIMEDOUT).
int cpts_rwlock_wrlock_until(cpts_rwlock_t *rwlock, uint64_t deadline_ns);

#ifdef __cplusplus
}
#endif
#endif
