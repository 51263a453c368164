// Hand-offs back to back: a waiter past its 1 ms threshold asks for the lock
// at once, even right after another waiter's hand-off (the engine before
// 749b0d3).
#define CPTS_FAIR_REQUESTS_SPACED 0
#define ENGINE_VARIANT(name) ev_backtoback_##name
#include "engine_variant.inc"
