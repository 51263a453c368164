// No eventual-fairness hand-off: pure barging.
#define CPTS_FAIR_HANDOFF_MEAN_US CPTS_LOCK_NO_HANDOFF
#define ENGINE_VARIANT(name) ev_nohandoff_##name
#include "engine_variant.inc"
