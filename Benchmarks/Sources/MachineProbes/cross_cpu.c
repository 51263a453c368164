#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "include/machine_probes.h"

#define BATCH 100

typedef struct {
    _Alignas(64) volatile int turn;  // 1: the partner's move, 0: the caller's
    int cpu;
    int round_trips;
    int pinned;
} pingpong;

static int pin_to(int cpu) {
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
#else
    (void)cpu;
    return 0;
#endif
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void *partner(void *argument) {
    pingpong *game = argument;
    game->pinned = pin_to(game->cpu);
    for (int i = 0; i < game->round_trips; i++) {
        while (__atomic_load_n(&game->turn, __ATOMIC_ACQUIRE) != 1) {}
        __atomic_store_n(&game->turn, 0, __ATOMIC_RELEASE);
    }
    return NULL;
}

static int compare(const void *l, const void *r) {
    double a = *(const double *)l, b = *(const double *)r;
    return (a > b) - (a < b);
}

double mp_cross_cpu_round_trip_ns(int a, int b, int round_trips) {
#if defined(__linux__)
    cpu_set_t original;
    if (sched_getaffinity(0, sizeof original, &original) != 0) return -1;
    if (!pin_to(a)) return -1;
    int batches = round_trips / BATCH;
    if (batches < 1) batches = 1;
    pingpong game = {.turn = 0, .cpu = b, .round_trips = batches * BATCH, .pinned = 0};
    pthread_t thread;
    if (pthread_create(&thread, NULL, partner, &game) != 0) {
        sched_setaffinity(0, sizeof original, &original);
        return -1;
    }
    double *per_batch = malloc(sizeof(double) * (size_t)batches);
    for (int batch = 0; batch < batches; batch++) {
        double start = now_ns();
        for (int i = 0; i < BATCH; i++) {
            __atomic_store_n(&game.turn, 1, __ATOMIC_RELEASE);
            while (__atomic_load_n(&game.turn, __ATOMIC_ACQUIRE) != 0) {}
        }
        per_batch[batch] = (now_ns() - start) / BATCH;
    }
    pthread_join(thread, NULL);
    sched_setaffinity(0, sizeof original, &original);
    qsort(per_batch, (size_t)batches, sizeof(double), compare);
    // The median batch: a batch the scheduler interrupted is an outlier.
    double median = game.pinned ? per_batch[batches / 2] : -1;
    free(per_batch);
    return median;
#else
    (void)a; (void)b; (void)round_trips;
    return -1;
#endif
}
