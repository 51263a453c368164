/*
 * lock-word.pml: a Promela model of SafeBox's lock engine, the lock word in
 * Sources/CPThreadShim/cpts_lock.c (and the inline fast paths in
 * Sources/CPThreadShim/include/cpts_lock.h), checked with spin.
 *
 * Run it with Models/check.sh (CI: .ci/check-models.sh), or by hand:
 *   spin -a -DTHREADS=3 -DPOLICY=ADAPTIVE Models/lock-word.pml
 *   cc -O2 -DSAFETY -o pan pan.c && ./pan -m1000000
 *
 * What is modelled, as implemented:
 *   - the word's bits: HELD, PARKED (a thread may sleep on the word), the
 *     CHECKED flag (never changes, fails the inline acquire, and leaves the
 *     word not 0 after the inline release's subtraction), FAIR (a starving
 *     waiter asked for the lock; only it sets and clears the bit);
 *   - the inline fast paths: acquire is one compare-exchange 0 -> HELD;
 *     release (every policy: SafeBox tests nothing before it) is one blind
 *     subtraction of HELD, whatever else the word holds, that learns only
 *     whether it left the word at 0 (the flags of x86's `lock sub`, not the
 *     old value), then cpts_lock_release_wake when it did not, which first
 *     clears a checked lock's owner if it still names the releaser (with
 *     -DCAS_RELEASE the engine study's compare-exchange HELD -> 0 instead,
 *     falling back to cpts_lock_release_slow);
 *   - cpts_lock_acquire_slow: the checked re-entry test, the first attempt,
 *     the bounded spin (any number of failed looks, policy permitting), the
 *     park loop (claim a takeable word, or as the fair requester a word
 *     whose HELD is clear; mark PARKED; the deadline test with withdrawal of
 *     a pending request; the starvation request, which no waiter makes
 *     while the interval after the last hand-off runs; futex wait on the
 *     word, or as the requester on fair_grant);
 *   - cpts_lock_release_slow (SafeBox's unlock(): a holder may release
 *     either way, and chooses nondeterministically here): EPERM tests, the
 *     checked owner, the same subtraction, then the fresh look when PARKED
 *     or FAIR is left; the fresh look (then cpts_lock_wake_one) is a separate
 *     step (other threads may act in between): nothing if the lock is held
 *     again (that holder's release sees what is left), else bump fair_grant
 *     and wake the requester when FAIR is set, else clear PARKED and wake
 *     one sleeper on the word;
 *   - the futex: FUTEX_WAIT sleeps only if the address still holds
 *     `expected` (atomically), FUTEX_WAKE wakes one sleeper of that address;
 *     with -DPARKING_LOT the non-Linux parking lot instead (a wake
 *     broadcasts to every sleeper of the address);
 *   - timed acquisition: a thread with a deadline may find it passed at the
 *     deadline test, and its futex waits may time out, at any moment (time
 *     is nondeterminism here);
 *   - the fairness threshold: an adaptive or checked waiter may decide at
 *     any turn of the park loop that it has waited long enough (the C
 *     looks at the clock whenever it wakes, and sleeps without a timeout
 *     unless it has a deadline);
 *   - the interval between hand-offs: a requester that claims its lock
 *     starts it (`spaced`; the C sets next_request_ns one threshold ahead),
 *     no waiter asks for the lock while it runs, and it may end at any turn
 *     (time is nondeterminism). Untimed threads never wake without a
 *     FUTEX_WAKE, so a lost wake-up cannot hide behind a spurious one;
 *   - checked mode: the holder's owner field, re-entry answered EDEADLK, an
 *     unlock by a thread that does not hold the lock answered EPERM.
 *
 * Properties (each has a mutant in Models/check.sh that spin must reject):
 *   P1 mutual exclusion: at most one thread between acquire and release
 *      (assert in the critical section; checked: the owner is the holder).
 *   P2 no lost wake-up / deadlock freedom: no reachable state in which a
 *      thread is blocked for ever (spin's "invalid end state": a thread
 *      asleep with nobody left to wake it).
 *   P3 a timed acquire that gives up leaves nothing behind: when every
 *      thread has finished, the word is back to its flags (no HELD, PARKED
 *      or FAIR), nobody sleeps, no request is pending.
 *   P4 checked mode: re-entry returns EDEADLK, a foreign unlock returns
 *      EPERM and changes nothing, the owner field names the holder.
 *   P5 a starving waiter is served within a bound: once a waiter's request
 *      is in the word, no other thread acquires the lock before it (the
 *      holder at the time of the request releases, and the lock goes to the
 *      requester), unless the requester withdraws at its deadline.
 *   The interval between hand-offs is a rate, not a property: a waiter
 *   looks at it, then sets FAIR with a separate compare-exchange, so a
 *   waiter whose look came before an interval started can still ask right
 *   after that hand-off (a ghost check of "one claim per interval" that
 *   was tried here failed that way with three threads). The model checks
 *   that P1-P5 hold with the requests it withholds.
 *
 * Where the model is coarser than the C:
 *   - Sequential consistency. Every load, store and read-modify-write here
 *     is one atomic step in one global order; the C uses relaxed loads,
 *     acquire compare-exchanges and release subtractions on the one word. All
 *     accesses that decide the protocol on the word are to that single
 *     atomic variable, and C11 gives every atomic object a single
 *     modification order that all threads agree on (coherence), so SC and
 *     the C's orderings allow the same outcomes for the word itself. The
 *     second location that decides a wake-up, fair_grant, is the
 *     condition-sequence pattern of Models/condition-wait.pml: the requester
 *     reads it with acquire ordering before it looks at the word, the
 *     releaser bumps it with release ordering after its subtraction, so a
 *     requester that saw the old word also saw the old grant, and FUTEX_WAIT
 *     refuses to sleep on a changed grant. What acquire/release adds for the
 *     protected value is checked by ThreadSanitizer in CI (the SafeBox
 *     suite runs under --sanitize=thread). The owner field is written only
 *     by the holder and read by the thread itself (re-entry) or compared
 *     against the reader's own identity, which no other thread ever stores.
 *   - The spin tries and their pauses, the parked-thread count that lets a
 *     newcomer skip spinning, a spinner's exit on seeing PARKED, and the
 *     clock behind the fairness threshold
 *     are replaced by nondeterministic choice (any number of spins, a
 *     request at any turn), which covers every value they can take, the
 *     tuned ones of SafeBoxPolicy.adaptive(spinTries:handOffEvery:)
 *     included. PLAIN (no spin, no request) is the other end.
 *   - Condition waits (cpts_lock_wait, and the CONDITION_WAITERS bit by which
 *     a release notifies) are not in this model: Models/condition-wait.pml
 *     checks them on top of an abstract lock (and SafeBoxEngineStressTests'
 *     condition hand-off stresses them). For this model's protocol the bit
 *     acts as CHECKED does, while it is set: it fails the inline acquire,
 *     the out-of-line acquire keeps it, and the inline release's
 *     subtraction leaves the word not 0; the CHECKED configurations cover
 *     that shape.
 *
 * Step-to-C table (functions of cpts_lock.c unless marked .h):
 *   model step                           | C it mirrors
 *   -------------------------------------+---------------------------------------
 *   FAST_ACQUIRE cas(0 -> HELD)          | .h cpts_lock_acquire_fast
 *   FAST_RELEASE blind subtract, wake    | .h cpts_lock_release_fast
 *   a1 flags, checked re-entry EDEADLK   | cpts_lock_acquire_slow, top
 *   a2 first attempt (takeable word)     | "A checked lock comes here even when free"
 *   a3 spin: compare-exchange a guess    | "Spin: ..." loop
 *   a4 park loop: read grant, claim      | the `for (;;)` loop's first test
 *   a5 mark PARKED unless already        | second test
 *   a6 deadline: withdraw, ETIMEDOUT     | `if (now >= deadline_ns)`
 *   a7 starving: set FAIR on a held word | "Starving: ask for the lock"
 *   a8 futex wait on grant or word       | cpts_park(&lock->fair_grant / &lock->word)
 *   a9 acquired: record owner            | `acquired:`
 *   r1 EPERM: not held                   | cpts_lock_release_slow
 *   r2 checked: owner test, clear        | cpts_lock_release_slow
 *   r3 subtract HELD, left at 0?         | .h cpts_lock_release_fast / cpts_lock_release_slow
 *   r4 fresh look; checked: clear owner  | cpts_lock_release_wake (slow: the look only)
 *   r5 grant or wake one, from the look  | cpts_lock_wake_one
 */

#ifndef THREADS
#define THREADS 2
#endif
#ifndef ROUNDS
#define ROUNDS 2
#endif

/* Policies, as cpts_lock_init sets them up. */
#define ADAPTIVE 0
#define PLAIN 1
#define CHECKED_POLICY 2
#ifndef POLICY
#define POLICY ADAPTIVE
#endif

/* The word's bits (cpts_lock.h). */
#define HELD 1
#define PARKED 2
#define CHECKED 4
#define FAIR 8

#define OK 0
#define EDEADLK 35
#define EPERM 1
#define ETIMEDOUT 110

#if POLICY == CHECKED_POLICY
#define FLAGS (CHECKED)
#else
#define FLAGS (0)
#endif
#if POLICY == PLAIN
#define SPINS 0
#else
#define SPINS 1
#endif

/* cpts_lock_takeable: neither held nor reserved for a requester. */
#ifdef MUTANT_BARGE_PAST_FAIR
/* Mutant: newcomers only look at HELD, so they take a reserved lock. */
#define TAKEABLE(x) (((x) & HELD) == 0)
#else
#define TAKEABLE(x) (((x) & (HELD | FAIR)) == 0)
#endif

byte word = FLAGS;
byte fair_grant = 0;         /* the requester's futex word, bumped by a granting release */
byte owner = 0;              /* checked policy: holder's id (pid + 1), 0 when free */
byte requester = 0;          /* P5: id + 1 of the thread whose request is in the word */
bool spaced = false;         /* the interval after a hand-off runs: no requests (next_request_ns) */
bool sleeping[3];            /* in FUTEX_WAIT on the word */
bool sleeping_grant[3];      /* in FUTEX_WAIT on fair_grant */
byte in_critical = 0;
byte finished = 0;

/* C's compare-exchange: on failure `expected` receives the current value. */
inline cas(expected, desired, succeeded) {
    atomic {
        if
        :: word == expected -> word = desired; succeeded = true
        :: else -> expected = word; succeeded = false
        fi
    }
}

/* A compare-exchange that acquires the lock. P5 is checked in the same
 * atomic step: nobody but the requester acquires while a request is
 * pending; the requester's own claim ends the request. */
inline acquire_cas(expected, desired, succeeded) {
    atomic {
        if
        :: word == expected ->
            word = desired; succeeded = true;
            assert(requester == 0 || requester == me);
            requester = 0
        :: else -> expected = word; succeeded = false
        fi
    }
}

/* FUTEX_WAIT on the word: sleep only if it still holds `expected`, then
 * block until woken; `may_time_out`: the thread has a deadline. */
inline futex_wait_word(expected, may_time_out) {
    atomic {
        if
        :: word == expected -> sleeping[id] = true
        :: else -> skip
        fi
    }
    atomic {
        if
        :: !sleeping[id] -> skip
        :: may_time_out && sleeping[id] -> sleeping[id] = false
        fi
    }
}

inline futex_wait_grant(expected, may_time_out) {
    atomic {
        if
        :: fair_grant == expected -> sleeping_grant[id] = true
        :: else -> skip
        fi
    }
    atomic {
        if
        :: !sleeping_grant[id] -> skip
        :: may_time_out && sleeping_grant[id] -> sleeping_grant[id] = false
        fi
    }
}

/* FUTEX_WAKE of one sleeper of the word / of fair_grant; the parking lot
 * broadcasts to every sleeper of the address. */
inline futex_wake_word() {
    atomic {
#ifdef PARKING_LOT
        sleeping[0] = false; sleeping[1] = false; sleeping[2] = false
#else
        if
        :: sleeping[0] -> sleeping[0] = false
        :: sleeping[1] -> sleeping[1] = false
        :: sleeping[2] -> sleeping[2] = false
        :: else -> skip
        fi
#endif
    }
}

inline futex_wake_grant() {
    atomic {
#ifdef PARKING_LOT
        sleeping_grant[0] = false; sleeping_grant[1] = false; sleeping_grant[2] = false
#else
        if
        :: sleeping_grant[0] -> sleeping_grant[0] = false
        :: sleeping_grant[1] -> sleeping_grant[1] = false
        :: sleeping_grant[2] -> sleeping_grant[2] = false
        :: else -> skip
        fi
#endif
    }
}

/* r3: the release's subtraction of HELD, which learns only whether it left
 * the word at 0 (`zero`); the inline release then calls r4 when it did not,
 * the slow one r5 when PARKED or FAIR is left (`slow`). */
inline release_word(slow) {
    atomic {
#ifdef MUTANT_RELEASE_EXCHANGE
        /* Mutant: a blind exchange to the flags drops a FAIR request (and
         * a PARKED mark) that arrived before it. */
        word = FLAGS
#else
        word = word - HELD
#endif
        ; zero = (slow -> (word & (PARKED | FAIR)) == 0 : word == 0)
    };
    if
    :: !zero && !slow -> release_wake()
    :: !zero && slow -> p = word; wake_one()
    :: else -> skip
    fi
}

/* r4: cpts_lock_release_wake, after the inline release: the fresh look at
 * the word, in a step of its own (other threads may have acted on, or added
 * to, what the subtraction left), then the owner, then r5 on that look. */
inline release_wake() {
    p = word;
#if POLICY == CHECKED_POLICY
#ifdef MUTANT_OWNER_BLIND_CLEAR
    /* Mutant: a plain store, which erases the owner a thread that took
     * the lock since has recorded. */
    owner = 0;
#else
    atomic {
        if
        :: owner == me -> owner = 0
        :: else -> skip
        fi
    };
#endif
#endif
    wake_one()
}

/* r5: cpts_lock_wake_one, acting on `p`, the caller's fresh look at the
 * word; the word may have changed again since, which the compare-exchange
 * below notices. */
inline wake_one() {
    if
    :: (p & HELD) != 0 ->
#ifdef MUTANT_CLEAR_MARK_WHEN_HELD
        /* Mutant: clears the mark of a word held again, and wakes nobody:
         * the new holder's release then sees nothing to do. */
        cas(p, p & ~PARKED, ok)
#else
        skip   /* taken again: the new holder's release sees what is left */
#endif
    :: (p & HELD) == 0 && (p & FAIR) != 0 ->
#ifndef MUTANT_NO_GRANT
        fair_grant++; futex_wake_grant()
#else
        skip   /* Mutant: the reserved lock is never granted: the requester sleeps for ever. */
#endif
    :: (p & (HELD | FAIR)) == 0 && (p & PARKED) != 0 ->
        /* Clear the mark (the thread woken below re-marks before it
         * sleeps again), then wake one. */
        cas(p, p & ~PARKED, ok);
#ifndef MUTANT_NO_WAKE
        futex_wake_word()
#else
        skip   /* Mutant: nobody parked is woken. */
#endif
    :: else -> skip
    fi
}

proctype Thread(bit timed; byte id) {
    byte me = id + 1;        /* never 0, like pthread_self() */
    byte w, rc, round = 0, p, g;
    bool ok, zero, requested;

next_round:
    if
    :: round == ROUNDS -> goto done
    :: else -> round++
    fi;
    requested = false;

#if POLICY == CHECKED_POLICY
    /* P4: an unlock by a thread that does not hold the lock (r1, r2). */
    w = word;
    if
    :: (w & HELD) == 0 -> rc = EPERM
    :: else ->
        if
        :: owner != me -> rc = EPERM
        :: else -> rc = OK
        fi
    fi;
    assert(rc == EPERM);
#endif

    /* FAST_ACQUIRE */
    w = 0;
    acquire_cas(w, HELD, ok);
    if
    :: ok -> goto acquired
    :: else -> skip
    fi;

    /* a1 */
#if POLICY == CHECKED_POLICY
    if
    :: owner == me -> assert(false)   /* not re-entering here: EDEADLK would be a false alarm */
    :: else -> skip
    fi;
#endif

    /* a2 */
    w = word;
    if
    :: TAKEABLE(w) ->
        acquire_cas(w, w | HELD, ok);
        if
        :: ok -> goto acquired
        :: else -> skip
        fi
    :: else -> skip
    fi;

    /* a3: a fresh look, then each try compare-exchanges a guess: the last
     * word seen (that look, or what the failed compare-exchange found) less
     * HELD and FAIR, so only a takeable word is taken, its other bits kept. */
#if SPINS
    w = word;
    do
    ::
#ifdef MUTANT_SPIN_GUESS_KEEPS_FAIR
       /* Mutant: the guess keeps FAIR, so a spinner takes a reserved lock. */
       w = w & ~HELD;
#else
       w = w & ~(HELD | FAIR);
#endif
       acquire_cas(w, w | HELD, ok);
       if
       :: ok -> goto acquired
       :: else -> skip
       fi
    :: break
    od;
#endif

park_loop:
    /* a4: the grant is read before the word. */
    g = fair_grant;
    w = word;
#ifdef MUTANT_DEADLINE_BEFORE_CLAIM
    /* Mutant: the deadline is tested before a reserved lock is claimed, so
     * a timed requester walks away from the lock it was handed. */
    if
    :: timed && requested -> requester = 0; rc = ETIMEDOUT; goto gave_up
    :: true -> skip
    fi;
#endif
    if
#ifdef MUTANT_CLAIM_WHILE_HELD
    /* Mutant: the requester claims without waiting for HELD to clear. */
    :: requested ->
#else
    :: requested && (w & HELD) == 0 ->
#endif
        /* The interval starts before the claim, while FAIR still keeps
         * every other waiter from asking (C: next_request_ns is stored
         * before the claiming compare-exchange). */
        spaced = true;
        acquire_cas(w, (w & ~FAIR) | HELD | PARKED, ok);
        if
        :: ok -> goto acquired
        :: else -> goto park_loop
        fi
    :: !requested && TAKEABLE(w) ->
        acquire_cas(w, (w & ~FAIR) | HELD | PARKED, ok);
        if
        :: ok -> goto acquired
        :: else -> goto park_loop
        fi
    :: else -> skip
    fi;
    /* a5 */
#ifndef MUTANT_NO_PARKED_MARK
    if
    :: !requested && (w & PARKED) == 0 ->
        cas(w, w | PARKED, ok);
        if
        :: !ok -> goto park_loop
        :: else -> w = w | PARKED
        fi
    :: else -> skip
    fi;
#endif
    /* a6 */
    if
    :: timed ->
        if
        :: requested ->
#ifndef MUTANT_NO_WITHDRAW
            atomic {
                cas(w, w & ~FAIR, ok);
                if
                :: ok -> requester = 0
                :: else -> skip
                fi
            };
            if
            :: !ok -> goto park_loop
            :: else -> skip
            fi;
#else
            requester = 0;   /* Mutant: gives up without clearing FAIR. */
#endif
        :: else -> skip
        fi;
        rc = ETIMEDOUT; goto gave_up
    :: true -> skip
    fi;
    /* a7 */
#if SPINS
    /* Time passes: the interval may end at any turn. */
    if
    :: spaced -> spaced = false
    :: true -> skip
    fi;
    if
    :: !requested && !spaced && (w & (HELD | FAIR)) == HELD ->
        atomic {
            cas(w, w | FAIR, ok);
            if
            :: ok -> requested = true; requester = me
            :: else -> skip
            fi
        };
        goto park_loop
    :: true -> skip
    fi;
#endif
    /* a8 */
    if
    :: requested -> futex_wait_grant(g, timed)
    :: else -> futex_wait_word(w, timed)
    fi;
    goto park_loop;

acquired:
    /* a9 */
#if POLICY == CHECKED_POLICY
    owner = me;
#endif

    /* The critical section. P1. */
    in_critical++;
    assert(in_critical == 1);
#if POLICY == CHECKED_POLICY
    assert(owner == me);
    /* P4: re-entry (a1) is refused, nothing changes. */
    if
    :: owner == me -> rc = EDEADLK
    :: else -> rc = OK
    fi;
    assert(rc == EDEADLK);
#endif
    in_critical--;

#ifdef CAS_RELEASE
    /* FAST_RELEASE, engine study: compare-exchange HELD -> 0. */
    w = HELD;
    cas(w, 0, ok);
    if
    :: ok -> goto next_round
    :: else -> skip
    fi;
#else
    /* FAST_RELEASE (withLock), or the slow release (unlock()) below. */
    if
    :: release_word(false); goto next_round
    :: true -> skip
    fi;
#endif

    /* r1 */
    w = word;
    assert((w & HELD) != 0);   /* the holder never gets EPERM */
    /* r2 */
#if POLICY == CHECKED_POLICY
    assert(owner == me);
#ifndef MUTANT_OWNER_KEPT
    owner = 0;
#endif
#endif
    release_word(true);
    goto next_round;

gave_up:
    /* A timed acquire that gave up: no critical section, next round. */
    assert(rc == ETIMEDOUT);
    goto next_round;

done:
    finished++
}

/* P3: once everybody has finished, nothing is left on the word. */
active proctype Quiescence() {
    finished == THREADS;
    assert(word == FLAGS);
    assert(requester == 0);
    assert(!sleeping[0] && !sleeping[1] && !sleeping[2]);
    assert(!sleeping_grant[0] && !sleeping_grant[1] && !sleeping_grant[2]);
#if POLICY == CHECKED_POLICY
    assert(owner == 0);
#endif
}

init {
    atomic {
        /* One thread with a deadline: it may give up at any point where the
         * C looks at the clock. */
        run Thread(1, 0);
        run Thread(0, 1);
#if THREADS >= 3
        run Thread(0, 2);
#endif
    }
}
