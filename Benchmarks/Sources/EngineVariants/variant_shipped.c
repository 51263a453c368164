// SafeBox's engine and constants (20 tries of 64-127 pauses, a waiter asks for the lock after 1 ms).
#define ENGINE_VARIANT(name) ev_shipped_##name
#include "engine_variant.inc"
