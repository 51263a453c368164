#include <errno.h>

#include "include/cpts_errors.h"

const char *cpts_error_name(int code) {
    switch (code) {
    case 0: return "0";
    case EPERM: return "EPERM";
    case EINVAL: return "EINVAL";
    case EBUSY: return "EBUSY";
    case EAGAIN: return "EAGAIN";
    case EDEADLK: return "EDEADLK";
    case ENOMEM: return "ENOMEM";
    case ETIMEDOUT: return "ETIMEDOUT";
    case ENOTSUP: return "ENOTSUP";
    case EINTR: return "EINTR";
#if defined(EOWNERDEAD)
    case EOWNERDEAD: return "EOWNERDEAD";
#endif
#if defined(ENOTRECOVERABLE)
    case ENOTRECOVERABLE: return "ENOTRECOVERABLE";
#endif
    default: return "E?";
    }
}
