// Hand-off a quarter as often: every 1 ms on average.
#define CPTS_FAIR_HANDOFF_MEAN_US 1000u
#define ENGINE_VARIANT(name) ev_handoff1ms_##name
#include "engine_variant.inc"
