#ifndef CPTS_CLOCK_H
#define CPTS_CLOCK_H

#include <stdint.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Nanoseconds on CLOCK_MONOTONIC: the clock every deadline in the toolkit uses,
/// so wall-clock jumps never stretch or shorten a wait.
uint64_t cpts_monotonic_now_ns(void);

/// A CLOCK_MONOTONIC absolute `timespec` for a nanosecond instant.
struct timespec cpts_timespec_from_ns(uint64_t instant_ns);

/// The kernel thread id of the calling thread (gettid on Linux, the Mach
/// thread id on Darwin). Used for owner tracking and diagnostics.
uint64_t cpts_current_thread_id(void);

#ifdef __cplusplus
}
#endif
#endif
