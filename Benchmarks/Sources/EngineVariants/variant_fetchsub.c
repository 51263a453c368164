// Today's engine with the release it had before: the fetch-sub's old value
// read back (`lock xadd`) and tested, instead of only the flags of the
// subtraction (`lock sub`). Against "shipped" it isolates that one
// instruction.
#define ENGINE_VARIANT_FETCH_SUB_RELEASE 1
#define ENGINE_VARIANT(name) ev_fetchsub_##name
#include "engine_variant.inc"
