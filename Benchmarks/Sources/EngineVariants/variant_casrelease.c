// The release of the first engine (one compare-exchange HELD -> 0, then the
// out-of-line release when a thread may be parked) with today's fairness on
// request: against "shipped" it isolates the one-atomic release, against
// "first" the fairness mechanism.
#define CPTS_RELEASE_COMPARE_EXCHANGE 1
#define ENGINE_VARIANT(name) ev_casrelease_##name
#include "engine_variant.inc"
