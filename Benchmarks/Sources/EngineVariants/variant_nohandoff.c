// No fairness: waiters never ask for a hand-off, pure barging.
#define CPTS_FAIR_AFTER_US CPTS_LOCK_NO_HANDOFF
#define ENGINE_VARIANT(name) ev_nohandoff_##name
#include "engine_variant.inc"
