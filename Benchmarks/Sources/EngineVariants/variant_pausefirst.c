// A spinner that arrives when threads are already parked makes its first
// pause and look before it parks (the spin up to 8d167ed).
#define CPTS_SPIN_JOINS_ON_ARRIVAL 0
#define ENGINE_VARIANT(name) ev_pausefirst_##name
#include "engine_variant.inc"
