// Keep spinning past parked threads for all the tries (the spin before 2026-11-27).
#define CPTS_SPIN_JOIN_PARKED 0
#define ENGINE_VARIANT(name) ev_keepspinning_##name
#include "engine_variant.inc"
