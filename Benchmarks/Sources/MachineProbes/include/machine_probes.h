#ifndef MACHINE_PROBES_H
#define MACHINE_PROBES_H

// Measurements of the machine itself, taken around each benchmark run so the
// report can tell a run the machine slowed from a run the lock slowed.

#ifdef __cplusplus
extern "C" {
#endif

/// Median time, in nanoseconds, for a cache line to go from CPU `a` to CPU
/// `b` and back (two threads pinned to them take turns writing one flag),
/// over `round_trips` round trips in batches. Every contended lock and atomic
/// pays this transfer on each hand-over, so when a virtual machine's vCPUs
/// land on distant host cores every peer slows down together.
/// Returns -1 when the threads cannot be pinned (fewer than two CPUs).
double mp_cross_cpu_round_trip_ns(int a, int b, int round_trips);

#ifdef __cplusplus
}
#endif
#endif
