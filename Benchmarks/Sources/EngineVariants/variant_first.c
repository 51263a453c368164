// The first engine: compare-exchange release, the releaser hands the lock
// to a parked thread every 250 µs on average (first_engine.inc).
#define ENGINE_VARIANT_FIRST 1
#define ENGINE_VARIANT_SOURCE "first_engine.inc"
#define ENGINE_VARIANT_HEADER "first_engine.h"
#define ENGINE_VARIANT(name) ev_first_##name
#include "engine_variant.inc"
