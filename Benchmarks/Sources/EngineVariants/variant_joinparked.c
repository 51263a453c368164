// Stop spinning as soon as a thread is parked, as #88523's Mutex does.
#define CPTS_SPIN_JOIN_PARKED 1
#define ENGINE_VARIANT(name) ev_joinparked_##name
#include "engine_variant.inc"
