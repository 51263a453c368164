#ifndef CPTS_ERRORS_H
#define CPTS_ERRORS_H

// Re-exported so Swift code can name EBUSY, EPERM, … without importing Glibc.
#include <errno.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The symbolic name of an errno value ("EPERM", "EDEADLK", …), or "E?" for
/// one this table does not know. Messages quote the name, not just the number.
const char *cpts_error_name(int code);

#ifdef __cplusplus
}
#endif
#endif
