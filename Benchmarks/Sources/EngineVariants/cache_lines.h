// How every engine-study lock is allocated: alone on whole cache lines, so
// no variant's lock shares its line with another allocation and the
// variants differ only in their engines.
#ifndef EV_CACHE_LINES_H
#define EV_CACHE_LINES_H

#include <stdio.h>
#include <stdlib.h>

/// `size` bytes rounded up to whole 64-byte lines, 64-byte aligned; stops
/// the benchmark if memory runs out (a lock it cannot create is no result).
static inline void *ev_allocate_cache_lines(size_t size) {
    void *block = aligned_alloc(64, (size + 63) / 64 * 64);
    if (block == NULL) {
        fprintf(stderr, "engine variant: out of memory\n");
        abort();
    }
    return block;
}

#endif
