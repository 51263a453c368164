// A quarter of the spin: 5 looks at the word before parking.
#define CPTS_SPIN_TRIES 5u
#define ENGINE_VARIANT(name) ev_tries5_##name
#include "engine_variant.inc"
