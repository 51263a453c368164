#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#if defined(__linux__) && !defined(CPTS_USE_PARKING_LOT)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#define CPTS_HAVE_FUTEX 1
#endif

#include "include/cpts_clock.h"
#include "include/cpts_lock.h"

// The spin phase of a contended acquire: up to spin_limit looks at the word
// (CPTS_SPIN_TRIES unless tuned), each after CPTS_SPIN_PAUSE_BASE to
// 2 × CPTS_SPIN_PAUSE_BASE - 1 pause instructions (the jitter, drawn once
// per acquire from the cycle counter, keeps threads released together from
// probing in lockstep). Long gaps between looks are the point: each look
// pulls the lock's cache line away from the holder, and a holder that keeps
// the line re-takes the lock at uncontended speed. These are the tunables of
// swiftlang/swift#88523's Linux Mutex (20 tries, base 64); see
// Benchmarks/Results/contention.md for the engine study that chose them.
// Overridable at compile time, as that study does.
#ifndef CPTS_SPIN_PAUSE_BASE
#define CPTS_SPIN_PAUSE_BASE 64u  // a power of two
#endif
// Once this many threads are parked, a newcomer parks without spinning:
// more spinners would only slow the hand-over to those already queued.
// (With CPTS_SPIN_JOIN_PARKED and CPTS_SPIN_JOINS_ON_ARRIVAL, the default,
// one parked thread is enough; the count matters to the variants that turn
// either off.)
#ifndef CPTS_MAX_PARKED_BEFORE_SPIN
#define CPTS_MAX_PARKED_BEFORE_SPIN 4u
#endif
// 1: a spinner that sees a parked thread stops spinning and parks too, as
// #88523 does; 0: it keeps spinning for its tries (the spin before
// 2026-11-27, kept for the engine study). Why 1: see the spin below.
#ifndef CPTS_SPIN_JOIN_PARKED
#define CPTS_SPIN_JOIN_PARKED 1
#endif
// 1: a thread that finds the word marked PARKED when it enters the spin
// parks without a pause or a look; 0: it makes its first pause and look
// before it sees the mark (the spin up to 8d167ed, kept for
// the engine study). Why 1: see the spin below.
#ifndef CPTS_SPIN_JOINS_ON_ARRIVAL
#define CPTS_SPIN_JOINS_ON_ARRIVAL 1
#endif
// 1: each spin look is a plain load, and only a word that looked takeable is
// compare-exchanged (the spin before 2026-11-27); 0: each look is the
// compare-exchange of a guess (see the spin in cpts_lock_acquire_slow).
#ifndef CPTS_SPIN_LOOKS_FIRST
#define CPTS_SPIN_LOOKS_FIRST 0
#endif
// 1: after a hand-off, no waiter asks for the next one until fair_after_us
// has passed (see "Fairness on request" below); 0: a waiter past its own
// threshold asks at once, so hand-offs can follow each other back to back
// (the engine before 749b0d3, kept for the engine study).
#ifndef CPTS_FAIR_REQUESTS_SPACED
#define CPTS_FAIR_REQUESTS_SPACED 1
#endif
// 1: a parked waiter sleeps with the moment it may ask for a hand-off as
// its timeout (the engine before 2cacee8, kept for the engine study);
// 0: it sleeps until a release wakes it, and looks at the clock then.
#ifndef CPTS_PARK_TIMED_TO_ASK
#define CPTS_PARK_TIMED_TO_ASK 0
#endif

// Fairness on request (CPTS_FAIR_AFTER_US in cpts_lock.h). Barging lets a
// running thread re-take the lock long before a woken one is even
// scheduled, so under steady contention a parked thread can lose every race.
// A parked waiter that has waited longer than fair_after_us sets
// CPTS_LOCK_FAIR while the lock is held: from then on nobody else may take
// the lock, the release that clears HELD leaves it reserved and bumps
// `fair_grant`, and the requester claims it. One requester at a time; the
// others keep queueing. As in Go's sync.Mutex starvation mode, fairness
// costs nothing until somebody actually starves, and the releaser neither
// reads a clock nor decides anything: the release stays one subtraction.
// A parked waiter looks at the clock when it wakes, not on a timer: every
// release that finds the word marked PARKED wakes one parked thread, so
// under contention each waiter wakes often, and behind one long holder it
// asks when that holder's release wakes it (and gets the lock one hold
// later). A timer would wake it on a CPU the holder may need: with waiters
// parked until their threshold, at 8 threads and 256 units inside the lock
// about 1 250 of 6 100-7 600 context switches in 500 ms were those
// timeouts, and sleeping until woken took 0.86 of the time there.
//
// A hand-off is not free: from the release until the woken requester runs,
// nobody holds the lock (32-34 µs on average on the 2-vCPU Xeon VM). With
// long critical sections and more threads than cores, every waiter passes
// the threshold, and requests would follow each other back to back: at
// 8 threads holding the lock ~10 µs each, 1 800-1 900 hand-offs in 500 ms
// left the lock reserved but idle 12-13% of the time. So the requester
// that claims its lock sets `next_request_ns` one fair_after_us ahead, and
// no waiter asks again before then: at most one hand-off per
// fair_after_us, as parking_lot's eventual fairness forces one about every
// 0.5 ms. A waiter past its threshold asks at its first wake-up after the
// interval; with several starving waiters the last asks after about one
// interval per waiter ahead of it.
// Benchmarks/Results/reruns.md, "Hand-offs spaced one interval apart
// (749b0d3), and parked waiters woken only by releases (2cacee8)".

#define RELAXED __ATOMIC_RELAXED
#define ACQUIRE __ATOMIC_ACQUIRE
#define RELEASE __ATOMIC_RELEASE

static inline void cpts_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield" ::: "memory");
#endif
}

/// The CPU's free-running cycle counter, for spin jitter only.
static inline uint64_t cpts_cycle_counter(void) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    uint64_t value;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(value));
    return value;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_nsec;
#endif
}

/// The calling thread's identity for owner checks: cheap (a TLS read), never 0.
static inline uintptr_t cpts_self(void) { return (uintptr_t)pthread_self(); }

// MARK: - Parking: block until *address may have changed

#if defined(CPTS_HAVE_FUTEX)

bool cpts_lock_uses_futex(void) { return true; }

/// Sleeps while *address == expected, until woken or `deadline_ns`.
/// Returns 0 (woken or spurious), EAGAIN (value already differs), EINTR or
/// ETIMEDOUT. FUTEX_WAIT_BITSET takes an absolute CLOCK_MONOTONIC deadline.
static int cpts_park(uint32_t *address, uint32_t expected, uint64_t deadline_ns) {
    struct timespec deadline;
    struct timespec *timeout = NULL;
    if (deadline_ns != CPTS_LOCK_NO_DEADLINE) {
        deadline = cpts_timespec_from_ns(deadline_ns);
        timeout = &deadline;
    }
    long rc = syscall(SYS_futex, address, FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG, expected, timeout, NULL,
                      FUTEX_BITSET_MATCH_ANY);
    return rc == 0 ? 0 : errno;
}

static void cpts_unpark(uint32_t *address, int count) {
    syscall(SYS_futex, address, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, count, NULL, NULL, 0);
}

#else

// No futex here (Darwin, BSDs; or forced for testing): a parking lot. Each
// address hashes to a bucket holding a pthread mutex and condition variable.
// A parker re-checks the word under the bucket's mutex before sleeping and
// an unparker changes the word before taking that mutex to broadcast, so a
// wake-up can never fall between the check and the sleep. Broadcasting wakes
// parkers of other addresses in the same bucket too; callers treat every
// wake-up as possibly spurious. To exercise this path on Linux, build with
// `swift test -Xcc -DCPTS_USE_PARKING_LOT` (the SafeBox suite passes so).

bool cpts_lock_uses_futex(void) { return false; }

#define CPTS_PARKING_BUCKETS 64

typedef struct cpts_bucket {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
} cpts_bucket;

static cpts_bucket cpts_buckets[CPTS_PARKING_BUCKETS];
static pthread_once_t cpts_buckets_once = PTHREAD_ONCE_INIT;

static void cpts_buckets_init(void) {
    for (int i = 0; i < CPTS_PARKING_BUCKETS; i++) {
        pthread_mutex_init(&cpts_buckets[i].mutex, NULL);
        pthread_condattr_t attr;
        pthread_condattr_init(&attr);
#if !defined(__APPLE__)
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
#endif
        pthread_cond_init(&cpts_buckets[i].cond, &attr);
        pthread_condattr_destroy(&attr);
    }
}

static cpts_bucket *cpts_bucket_for(const void *address) {
    pthread_once(&cpts_buckets_once, cpts_buckets_init);
    uintptr_t bits = (uintptr_t)address;
    bits ^= bits >> 17;
    bits *= (uintptr_t)0x9E3779B97F4A7C15ull;
    return &cpts_buckets[(bits >> 7) % CPTS_PARKING_BUCKETS];
}

static int cpts_park(uint32_t *address, uint32_t expected, uint64_t deadline_ns) {
    cpts_bucket *bucket = cpts_bucket_for(address);
    int rc = 0;
    pthread_mutex_lock(&bucket->mutex);
    if (__atomic_load_n(address, RELAXED) != expected) {
        rc = EAGAIN;
    } else if (deadline_ns == CPTS_LOCK_NO_DEADLINE) {
        rc = pthread_cond_wait(&bucket->cond, &bucket->mutex);
    } else {
#if defined(__APPLE__)
        uint64_t now = cpts_monotonic_now_ns();
        if (now >= deadline_ns) {
            rc = ETIMEDOUT;
        } else {
            struct timespec relative = cpts_timespec_from_ns(deadline_ns - now);
            rc = pthread_cond_timedwait_relative_np(&bucket->cond, &bucket->mutex, &relative);
        }
#else
        struct timespec deadline = cpts_timespec_from_ns(deadline_ns);
        rc = pthread_cond_timedwait(&bucket->cond, &bucket->mutex, &deadline);
#endif
    }
    pthread_mutex_unlock(&bucket->mutex);
    return rc;
}

static void cpts_unpark(uint32_t *address, int count) {
    (void)count;
    cpts_bucket *bucket = cpts_bucket_for(address);
    pthread_mutex_lock(&bucket->mutex);
    pthread_cond_broadcast(&bucket->cond);
    pthread_mutex_unlock(&bucket->mutex);
}

#endif

// MARK: - The lock

void cpts_lock_init(cpts_lock_t *lock, cpts_lock_policy policy) {
    uint32_t word = policy == CPTS_LOCK_POLICY_CHECKED ? CPTS_LOCK_CHECKED : 0;
    __atomic_store_n(&lock->word, word, RELAXED);
    __atomic_store_n(&lock->condition_sequence, 0, RELAXED);
    bool spins = policy == CPTS_LOCK_POLICY_ADAPTIVE || policy == CPTS_LOCK_POLICY_CHECKED;
    __atomic_store_n(&lock->parked_threads, 0, RELAXED);
    __atomic_store_n(&lock->owner, 0, RELAXED);
    __atomic_store_n(&lock->fair_grant, 0, RELAXED);
    __atomic_store_n(&lock->next_request_ns, 0, RELAXED);
    cpts_lock_tune(lock, spins ? CPTS_SPIN_TRIES : 0, spins ? CPTS_FAIR_AFTER_US : CPTS_LOCK_NO_HANDOFF);
}

/// Whether a thread that is not the fair requester may take a lock whose
/// word is `word`: neither held nor reserved.
static inline bool cpts_lock_takeable(uint32_t word) { return (word & (CPTS_LOCK_HELD | CPTS_LOCK_FAIR)) == 0; }

int cpts_lock_acquire_slow(cpts_lock_t *lock, uint64_t deadline_ns) {
    // CHECKED never changes after init; only the state bits do.
    bool checked = (__atomic_load_n(&lock->word, RELAXED) & CPTS_LOCK_CHECKED) != 0;
    if (checked && __atomic_load_n(&lock->owner, RELAXED) == cpts_self()) return EDEADLK;

    // A checked lock comes here even when free: take it with one attempt.
    uint32_t first = __atomic_load_n(&lock->word, RELAXED);
    if (cpts_lock_takeable(first) &&
        __atomic_compare_exchange_n(&lock->word, &first, first | CPTS_LOCK_HELD, false, ACQUIRE, RELAXED)) {
        goto acquired;
    }

    // Spin: a lock held for a few dozen nanoseconds is usually free again
    // before a sleep + wake-up (microseconds) could even begin. Each look is
    // a compare-exchange of a guess: the last word seen, less HELD and FAIR
    // (so it succeeds only on a takeable word, keeping every other bit). It
    // fails on a held word, and its failure is the next look. A plain load
    // first and a compare-exchange once the word looked free, as this loop
    // did before, moves the cache line twice per hand-over (shared, then
    // exclusive) where this moves it once. On the 2-vCPU VM the guess took
    // 1-6% less time per dictionary update (1 unit inside, 2-8 threads) and
    // left the counter where it was: paired medians of 25-31 interleaved
    // rounds, as fine as that machine resolves (Benchmarks/Results/
    // reruns.md, "The spin compare-exchanges a guess").
    // (#88523's spin compare-exchanges too, with 0 as its only guess.)
    // A spinner that sees PARKED stops spinning and parks: a thread is
    // already queued, so the lock is busier than a spin can ride out, and a
    // spinner that stays burns a CPU the holder or the woken thread needs
    // (on 2 vCPUs with 4-8 threads, that is who runs). With 1 producer
    // holding the lock for ~4 µs and 3 consumers, spinners that kept going
    // pushed 52 of 60 runs into a mode where consumers park for up to the
    // fairness threshold: p99 4.7 µs, p99.9 769 µs, against 2.6 µs and
    // 24 µs (24 of 60 runs) once they join the parked threads; counter and
    // dictionary throughput stayed within the noise (paired ratios
    // 0.96-1.03 over 15 rounds; Benchmarks/Results/reruns.md, "Spinners join
    // the parked threads"). The barging that remains is bounded by
    // fairness on request.
    // A thread that finds PARKED already on arrival parks at once, as
    // #88523's does (its first compare-exchange comes before any pause and
    // sees the contended word), and the next release wakes it. A pause
    // first cost most to the thread that comes back for the lock: the
    // producer of the producer/consumer shape, finding a consumer in the
    // lock, paused 64-127 times before its first look, by which time the
    // lock was often taken again and unmarked, and then kept missing the
    // gaps between the consumers' short holds. On the 2-vCPU Xeon VM its
    // waits over 1 µs fell from 2.0-3.3% to 0.5-1.8% of its acquisitions
    // (Mutex (next): 0.7-1.3%); consumers' p99 and throughput stayed within
    // the noise (six latency batches of 16-30 rounds, 10-15 paired rounds of
    // 11 counter and dictionary configurations; Benchmarks/Results/
    // reruns.md, "Spinners that find the word marked park on arrival").
    uint32_t tries = lock->spin_limit;
    if (tries != 0) {
        uint32_t word = __atomic_load_n(&lock->word, RELAXED);
        bool crowded = (word & CPTS_LOCK_PARKED) != 0 &&
                       ((CPTS_SPIN_JOIN_PARKED && CPTS_SPIN_JOINS_ON_ARRIVAL) ||
                        __atomic_load_n(&lock->parked_threads, RELAXED) >= CPTS_MAX_PARKED_BEFORE_SPIN);
        uint32_t pauses = CPTS_SPIN_PAUSE_BASE + ((uint32_t)cpts_cycle_counter() & (CPTS_SPIN_PAUSE_BASE - 1));
        for (; !crowded && tries > 0; tries--) {
            for (uint32_t i = 0; i < pauses; i++) cpts_cpu_relax();
#if CPTS_SPIN_LOOKS_FIRST
            // Engine study only: the spin before the guess.
            word = __atomic_load_n(&lock->word, RELAXED);
            bool worth_trying = cpts_lock_takeable(word);
#else
            word &= ~(CPTS_LOCK_HELD | CPTS_LOCK_FAIR);
            bool worth_trying = true;
#endif
            if (worth_trying &&
                __atomic_compare_exchange_n(&lock->word, &word, word | CPTS_LOCK_HELD, false, ACQUIRE, RELAXED)) {
                goto acquired;
            }
#if CPTS_SPIN_JOIN_PARKED
            if (word & CPTS_LOCK_PARKED) break;
#endif
        }
    }

    // Park (Drepper, "Futexes Are Tricky", mutex 3): mark the word PARKED
    // while taking it, so whoever holds it wakes a parked thread on release.
    // A thread that wakes always re-marks the word before it can park
    // again, so no wake-up is lost; a thread that takes the lock this way
    // keeps it marked, which costs at most one needless wake call.
    //
    // Fairness on request: a waiter whose wait passed fair_after_us sets
    // FAIR on a held word (`requested`), then sleeps on fair_grant instead
    // of the word. It reads fair_grant before it looks at the word, and the
    // release bumps fair_grant after it cleared HELD, so the requester
    // either sees the lock free or sleeps on a value the release changes.
    // A reserved lock (FAIR set, HELD clear) is claimed before the deadline
    // is looked at: the releaser counted on the requester taking it. A
    // requester that gives up while the lock is still held withdraws its
    // request (clears FAIR) first.
    //
    // parked_threads counts the threads in this loop that have slept at
    // least once; it only steers newcomers' spinning, never correctness.
    uint64_t fair_at_ns = CPTS_LOCK_NO_DEADLINE;
    if (lock->fair_after_us != CPTS_LOCK_NO_HANDOFF) {
        fair_at_ns = cpts_monotonic_now_ns() + (uint64_t)lock->fair_after_us * 1000u;
    }
    bool requested = false;
    bool counted = false;
    for (;;) {
        uint32_t grant = requested ? __atomic_load_n(&lock->fair_grant, ACQUIRE) : 0;
        uint32_t word = __atomic_load_n(&lock->word, RELAXED);
        if (requested ? (word & CPTS_LOCK_HELD) == 0 : cpts_lock_takeable(word)) {
            uint32_t taken = (word & ~CPTS_LOCK_FAIR) | CPTS_LOCK_HELD | CPTS_LOCK_PARKED;
#if CPTS_FAIR_REQUESTS_SPACED
            // A hand-off: start the interval before the claim, while FAIR
            // still keeps every other waiter from asking. (A waiter whose
            // look at next_request_ns came earlier can still ask right after
            // this claim; that costs one hand-off, never correctness.)
            if (requested) {
                uint64_t next = cpts_monotonic_now_ns() + (uint64_t)lock->fair_after_us * 1000u;
                __atomic_store_n(&lock->next_request_ns, next, RELAXED);
            }
#endif
            if (__atomic_compare_exchange_n(&lock->word, &word, taken, false, ACQUIRE, RELAXED)) break;
            continue;
        }
        if (!requested && (word & CPTS_LOCK_PARKED) == 0 &&
            !__atomic_compare_exchange_n(&lock->word, &word, word | CPTS_LOCK_PARKED, false, RELAXED, RELAXED)) {
            continue;
        }
        uint64_t now = deadline_ns == CPTS_LOCK_NO_DEADLINE && fair_at_ns == CPTS_LOCK_NO_DEADLINE
                           ? 0
                           : cpts_monotonic_now_ns();
        if (now >= deadline_ns) {
            // Withdraw a pending request; if the lock was reserved meanwhile,
            // the next turn claims it.
            if (requested && !__atomic_compare_exchange_n(&lock->word, &word, word & ~CPTS_LOCK_FAIR, false,
                                                          RELAXED, RELAXED)) {
                continue;
            }
            if (counted) __atomic_fetch_sub(&lock->parked_threads, 1, RELAXED);
            return ETIMEDOUT;
        }
        // When this waiter may ask for a hand-off: at its own threshold, or
        // one interval after the last hand-off if that is later.
        uint64_t request_at = fair_at_ns;
#if CPTS_FAIR_REQUESTS_SPACED
        if (request_at != CPTS_LOCK_NO_DEADLINE) {
            uint64_t spaced = __atomic_load_n(&lock->next_request_ns, RELAXED);
            if (spaced > request_at) request_at = spaced;
        }
#endif
        if (!requested && now >= request_at && (word & (CPTS_LOCK_HELD | CPTS_LOCK_FAIR)) == CPTS_LOCK_HELD) {
            // Starving: ask for the lock. Only one requester at a time;
            // otherwise keep queueing.
            uint32_t marked = word | CPTS_LOCK_PARKED;
            if (__atomic_compare_exchange_n(&lock->word, &marked, marked | CPTS_LOCK_FAIR, false, RELAXED,
                                            RELAXED)) {
                requested = true;
            }
            continue;
        }
        if (!counted) {
            __atomic_fetch_add(&lock->parked_threads, 1, RELAXED);
            counted = true;
        }
        if (requested) {
            cpts_park(&lock->fair_grant, grant, deadline_ns);
        } else {
#if CPTS_PARK_TIMED_TO_ASK
            // Engine study only: wake up when this waiter may ask for the
            // lock; past that moment, wait to be woken.
            uint64_t until = now < request_at && request_at < deadline_ns ? request_at : deadline_ns;
#else
            uint64_t until = deadline_ns;
#endif
            cpts_park(&lock->word, word | CPTS_LOCK_PARKED, until);
        }
    }
    if (counted) __atomic_fetch_sub(&lock->parked_threads, 1, RELAXED);

acquired:
    if (checked) __atomic_store_n(&lock->owner, cpts_self(), RELAXED);
    return 0;
}

/// Wakes every thread in cpts_lock_wait so each re-checks its condition.
static void cpts_lock_notify_all(cpts_lock_t *lock) {
    __atomic_fetch_add(&lock->condition_sequence, 1, RELAXED);
    cpts_unpark(&lock->condition_sequence, INT_MAX);
}

/// Acts on `word`, a fresh look at the lock word taken after a release's
/// subtraction: the bits it left are still there unless somebody acted on
/// them since (a fair requester that claimed its reserved lock; a thread
/// that took the lock and, in its own release, woke a parked thread), and a
/// bit that arrived since is served as well.
static void cpts_lock_wake_one(cpts_lock_t *lock, uint32_t word) {
    if (word & CPTS_LOCK_HELD) {
        // Taken again already (a parked thread's claim keeps PARKED, and
        // only the requester takes a reserved lock, clearing FAIR): the new
        // holder's release sees whatever is left and acts on it.
        return;
    }
    if (word & CPTS_LOCK_FAIR) {
        // Reserved for the requester (FAIR set, HELD clear); it alone
        // sleeps on fair_grant.
        __atomic_fetch_add(&lock->fair_grant, 1, RELEASE);
        cpts_unpark(&lock->fair_grant, 1);
    } else if (word & CPTS_LOCK_PARKED) {
        // Clear the mark while the word is otherwise free (the thread woken
        // below marks it again before it can sleep again, and a thread that
        // claims the lock from the park loop keeps it marked), so that the
        // next uncontended acquire is inline again.
        __atomic_compare_exchange_n(&lock->word, &word, word & ~CPTS_LOCK_PARKED, false, RELAXED, RELAXED);
        cpts_unpark(&lock->word, 1);
    }
}

void cpts_lock_release_wake(cpts_lock_t *lock) {
    uint32_t word = __atomic_load_n(&lock->word, RELAXED);
    if (word & CPTS_LOCK_CHECKED) {
        // The inline release could not clear the owner before its
        // subtraction (it does not know the lock is checked), so it is
        // cleared now, and only if it still names this thread: a thread that
        // took the lock since has recorded itself, and a plain store would
        // erase it.
        uintptr_t self = cpts_self();
        __atomic_compare_exchange_n(&lock->owner, &self, 0, false, RELAXED, RELAXED);
    }
    if (word & CPTS_LOCK_CONDITION_WAITERS) {
        // Whether or not the lock is held again: the new holder may be a
        // waiter that goes back to sleep without notifying, or a release
        // through cpts_lock_release_slow, which never notifies. The wake-up
        // is a system call, so the word is looked at again after it.
        cpts_lock_notify_all(lock);
        word = __atomic_load_n(&lock->word, RELAXED);
    }
    cpts_lock_wake_one(lock, word);
}

int cpts_lock_release_slow(cpts_lock_t *lock) {
    uint32_t word = __atomic_load_n(&lock->word, RELAXED);
    if ((word & CPTS_LOCK_HELD) == 0) return EPERM;
    if (word & CPTS_LOCK_CHECKED) {
        if (__atomic_load_n(&lock->owner, RELAXED) != cpts_self()) return EPERM;
        __atomic_store_n(&lock->owner, 0, RELAXED);
    }
    // The inline release's subtraction (only the holder clears HELD); of
    // what it leaves, only PARKED and FAIR need a wake-up here.
    uint32_t left = __atomic_sub_fetch(&lock->word, CPTS_LOCK_HELD, RELEASE);
    if (left & (CPTS_LOCK_PARKED | CPTS_LOCK_FAIR)) {
        cpts_lock_wake_one(lock, __atomic_load_n(&lock->word, RELAXED));
    }
    return 0;
}

int cpts_lock_try_acquire(cpts_lock_t *lock) {
    uint32_t word = __atomic_load_n(&lock->word, RELAXED);
    do {
        if (!cpts_lock_takeable(word)) return EBUSY;
    } while (!__atomic_compare_exchange_n(&lock->word, &word, word | CPTS_LOCK_HELD, false, ACQUIRE, RELAXED));
    if (word & CPTS_LOCK_CHECKED) __atomic_store_n(&lock->owner, cpts_self(), RELAXED);
    return 0;
}

cpts_lock_policy cpts_lock_get_policy(const cpts_lock_t *lock) {
    // The flag bits and spin_limit never change after init; the word is
    // still read atomically because other threads compare-exchange it.
    uint32_t word = __atomic_load_n(&lock->word, RELAXED);
    if (word & CPTS_LOCK_CHECKED) return CPTS_LOCK_POLICY_CHECKED;
    // A plain lock neither spins nor hands off; an adaptive one tuned to do
    // neither behaves exactly like it, and reads back as plain.
    return lock->spin_limit == 0 && lock->fair_after_us == CPTS_LOCK_NO_HANDOFF ? CPTS_LOCK_POLICY_PLAIN
                                                                              : CPTS_LOCK_POLICY_ADAPTIVE;
}

cpts_lock_holder cpts_lock_ownership(const cpts_lock_t *lock) {
    uint32_t word = __atomic_load_n(&lock->word, RELAXED);
    // A lock reserved for a fair requester is as good as held by it.
    if (cpts_lock_takeable(word)) return CPTS_LOCK_HOLDER_NONE;
    // Only this thread ever stores its own identity, so reading it back
    // proves ownership; any other value means "someone else" or "unknown".
    if ((word & CPTS_LOCK_CHECKED) && __atomic_load_n(&lock->owner, RELAXED) == cpts_self()) {
        return CPTS_LOCK_HOLDER_CALLER;
    }
    return CPTS_LOCK_HOLDER_OTHER_OR_UNKNOWN;
}

int cpts_lock_wait(cpts_lock_t *lock, uint32_t *condition_waiters, uint64_t deadline_ns) {
    uint32_t word = __atomic_load_n(&lock->word, RELAXED);
    if ((word & CPTS_LOCK_HELD) == 0) return EPERM;
    if ((word & CPTS_LOCK_CHECKED) && cpts_lock_ownership(lock) != CPTS_LOCK_HOLDER_CALLER) return EPERM;

    // Read the sequence while holding the lock: a notify can only come from
    // a later holder's release, after this thread released, and it bumps the
    // sequence before waking, so the park below either sees the new value
    // and returns at once or is already asleep when the wake-up comes.
    uint32_t sequence = __atomic_load_n(&lock->condition_sequence, RELAXED);
    // The first waiter marks the word, so that every release through the
    // inline subtraction (which then leaves a word that is not 0) notifies.
    // The count and the mark change only with the lock held; the mark is
    // set with an atomic OR because other threads may mark the word PARKED
    // or FAIR meanwhile.
    if ((*condition_waiters)++ == 0) __atomic_fetch_or(&lock->word, CPTS_LOCK_CONDITION_WAITERS, RELAXED);
    // The release that never notifies: this thread's critical section
    // changed nothing, and waking the other waiters here would only send
    // them round their loops to wake this one again.
    cpts_lock_release_slow(lock);
    int parked = cpts_park(&lock->condition_sequence, sequence, deadline_ns);
    if (!cpts_lock_acquire_fast(lock)) cpts_lock_acquire_slow(lock, CPTS_LOCK_NO_DEADLINE);
    if (--(*condition_waiters) == 0) __atomic_fetch_and(&lock->word, ~CPTS_LOCK_CONDITION_WAITERS, RELAXED);
    return parked == ETIMEDOUT ? ETIMEDOUT : 0;
}
