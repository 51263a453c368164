// A spin budget of Mutex (next)'s order (20 × 64-127 pauses): 2048 pauses.
#define CPTS_SPIN_LIMIT 2048u
#define ENGINE_VARIANT(name) ev_spin2048_##name
#include "engine_variant.inc"
