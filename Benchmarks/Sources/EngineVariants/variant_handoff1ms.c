// Hand-off a quarter as often: every 1 ms on average.
#define CPTS_FAIR_HANDOFF_MEAN_NS 1000000ull
#define ENGINE_VARIANT(name) ev_handoff1ms_##name
#include "engine_variant.inc"
