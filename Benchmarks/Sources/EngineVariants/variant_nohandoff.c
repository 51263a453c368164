// No eventual-fairness hand-off (mean interval ~12 days): pure barging.
#define CPTS_FAIR_HANDOFF_MEAN_NS 1000000000000000ull
#define ENGINE_VARIANT(name) ev_nohandoff_##name
#include "engine_variant.inc"
