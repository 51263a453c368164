// The spin before the guess: each look a plain load, a compare-exchange only of a word that looked takeable.
#define CPTS_SPIN_LOOKS_FIRST 1
#define ENGINE_VARIANT(name) ev_looksfirst_##name
#include "engine_variant.inc"
