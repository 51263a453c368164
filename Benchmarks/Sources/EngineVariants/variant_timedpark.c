// Parked until it may ask: a parked waiter sleeps with its fairness
// threshold (or the end of the interval after the last hand-off) as its
// timeout, instead of until a release wakes it (the engine before
// 2cacee8).
#define CPTS_PARK_TIMED_TO_ASK 1
#define ENGINE_VARIANT(name) ev_timedpark_##name
#include "engine_variant.inc"
