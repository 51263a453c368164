// Mutex (next)'s engine (the MutexNext target, swiftlang/swift#88523's
// algorithm) behind the same out-of-line entry points and separate
// allocation as the other variants, so the engine study can set SafeBox's
// engine beside the goal's peer with everything else equal.
#include <stdlib.h>

#include "cache_lines.h"
#include "include/engine_variants.h"
#include "mutex_next.h"

static ev_lock *ev_mutexnext_create(void) {
    mn_mutex_t *mutex = ev_allocate_cache_lines(sizeof(mn_mutex_t));
    mn_mutex_init(mutex);
    return (ev_lock *)mutex;
}

static void ev_mutexnext_destroy(ev_lock *lock) { free(lock); }

static void ev_mutexnext_lock(ev_lock *lock) { mn_mutex_lock((mn_mutex_t *)lock); }

static void ev_mutexnext_unlock(ev_lock *lock) { mn_mutex_unlock((mn_mutex_t *)lock); }

const ev_engine ev_mutexnext_engine = {
    .create = ev_mutexnext_create,
    .destroy = ev_mutexnext_destroy,
    .lock = ev_mutexnext_lock,
    .unlock = ev_mutexnext_unlock,
};
