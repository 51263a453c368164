#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <pthread.h>

#include "include/cpts_clock.h"

uint64_t cpts_monotonic_now_ns(void) {
    struct timespec now;
    // CLOCK_MONOTONIC cannot fail for a valid clock id and pointer.
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

struct timespec cpts_timespec_from_ns(uint64_t instant_ns) {
    struct timespec spec;
    spec.tv_sec = (time_t)(instant_ns / 1000000000ull);
    spec.tv_nsec = (long)(instant_ns % 1000000000ull);
    return spec;
}

uint64_t cpts_current_thread_id(void) {
#if defined(__linux__)
    return (uint64_t)syscall(SYS_gettid);
#elif defined(__APPLE__)
    uint64_t tid = 0;
    pthread_threadid_np(NULL, &tid);
    return tid;
#else
    return (uint64_t)(uintptr_t)pthread_self();
#endif
}
