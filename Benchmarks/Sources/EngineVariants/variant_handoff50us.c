// Hand-off five times as often: every 50 µs on average.
#define CPTS_FAIR_HANDOFF_MEAN_NS 50000ull
#define ENGINE_VARIANT(name) ev_handoff50us_##name
#include "engine_variant.inc"
