// CPThreadShim: SafeBox's C layer. Two kinds of code live here:
//
// - SafeBox's lock engine (cpts_lock.h/.c): the futex lock word every
//   SafeBox uses by default. Not a wrapper: a lock, model-checked in
//   Models/lock-word.pml.
// - Thin, prefixed wrappers over pthread (cpts_mutex, cpts_rwlock) and the
//   clock (cpts_clock): Swift cannot call pthread's static initialisers or
//   the `_np` attribute setters portably, and glibc and Darwin disagree on
//   which timed operations exist. Every wrapper returns the raw error code
//   (0 on success); SafeBox's Swift side checks each one.
//
// Every platform `#if` of SafeBox lives here so the Swift side stays free of
// them.
#ifndef CPTHREADSHIM_H
#define CPTHREADSHIM_H

#include "cpts_clock.h"
#include "cpts_errors.h"
#include "cpts_mutex.h"
#include "cpts_rwlock.h"
#include "cpts_lock.h"

#endif
