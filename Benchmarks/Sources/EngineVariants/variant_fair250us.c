// A waiter asks for the lock after 250 µs instead of 1 ms.
#define CPTS_FAIR_AFTER_US 250u
#define ENGINE_VARIANT(name) ev_fair250us_##name
#include "engine_variant.inc"
