// SafeBox's constants (20 tries of 64-127 pauses, hand-off every 250 µs on average).
#define ENGINE_VARIANT(name) ev_shipped_##name
#include "engine_variant.inc"
