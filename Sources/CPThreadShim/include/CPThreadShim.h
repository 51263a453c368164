// CPThreadShim: thin, prefixed C wrappers over pthread for the SafeBox toolkit.
//
// Why a shim: Swift cannot call pthread's static initialisers or the
// `_np` attribute setters portably, and glibc and Darwin disagree on which
// timed operations exist. Every platform `#if` lives here so the Swift side
// stays free of them. Every wrapper returns the raw pthread error code
// (0 on success); callers decide how to report a failure.
#ifndef CPTHREADSHIM_H
#define CPTHREADSHIM_H

#include "cpts_clock.h"
#include "cpts_errors.h"
#include "cpts_mutex.h"
#include "cpts_rwlock.h"
#include "cpts_lock.h"

#endif
