/*
 * lock-word.pml: a Promela model of SafeBox's lock engine, the lock word in
 * Sources/CPThreadShim/cpts_lock.c (and the inline fast paths in
 * Sources/CPThreadShim/include/cpts_lock.h), checked with spin.
 *
 * Run it with Models/check.sh (CI: .ci/check-models.sh), or by hand:
 *   spin -a -DTHREADS=3 -DPOLICY=ADAPTIVE Models/lock-word.pml
 *   cc -O2 -DSAFETY -o pan pan.c && ./pan -m100000
 *
 * What is modelled, as implemented:
 *   - the word's bits: state (0 free, 1 held, 2 held + maybe parked), the
 *     CHECKED flag (never changes, makes both fast paths fail), the HANDOFF
 *     bit of the fair hand-off;
 *   - the inline fast paths (one compare-exchange each);
 *   - cpts_lock_acquire_slow: the checked re-entry test, the first attempt,
 *     the bounded spin (any number of failed looks, policy permitting), the
 *     park loop (claim a free or handed-off word, mark PARKED, the deadline
 *     test, futex wait);
 *   - cpts_lock_release_slow: EPERM tests, checked owner, the fair hand-off
 *     (store HANDOFF, wake one, undo when nobody was woken), the plain
 *     release (exchange, wake one);
 *   - the futex: FUTEX_WAIT sleeps only if the word still equals `expected`
 *     (atomically), FUTEX_WAKE wakes one sleeper and reports how many;
 *     with -DPARKING_LOT the non-Linux parking lot instead (wake all sleepers
 *     of the bucket, report 0);
 *   - timed acquisition: a thread with a deadline may find it passed at the
 *     deadline test, and its futex wait may time out, at any moment (time is
 *     nondeterminism here; untimed threads never wake without a FUTEX_WAKE,
 *     so a lost wake-up cannot hide behind a spurious one);
 *   - checked mode: the holder's owner field, re-entry answered EDEADLK, an
 *     unlock by a thread that does not hold the lock answered EPERM.
 *
 * Properties (each has a mutant in MUTANTS below that spin must reject):
 *   P1 mutual exclusion: at most one thread between acquire and release
 *      (assert in the critical section; checked: the owner is the holder).
 *   P2 no lost wake-up / deadlock freedom: no reachable state in which a
 *      thread is blocked for ever (spin's "invalid end state": a thread
 *      parked with nobody left to wake it).
 *   P3 a timed acquire that gives up leaves nothing behind: when every
 *      thread has finished, the word is back to its flags (no held, parked
 *      or hand-off bits) and nobody sleeps on it.
 *   P4 checked mode: re-entry returns EDEADLK, a foreign unlock returns
 *      EPERM and changes nothing, the owner field names the holder.
 *
 * Where the model is coarser than the C:
 *   - Sequential consistency. Every load, store and compare-exchange here is
 *     one atomic step in one global order; the C uses relaxed loads, acquire
 *     compare-exchanges and release stores/exchanges on the one word. All
 *     accesses that decide the protocol are to that single atomic variable,
 *     and C11 gives every atomic object a single modification order that all
 *     threads agree on (coherence), so on one location SC and the C's
 *     orderings allow the same outcomes for the word itself. What acquire/
 *     release adds (the protected value's writes are visible to the next
 *     holder) is a property of the C11 orderings, not of the protocol, and
 *     is what ThreadSanitizer checks in CI (the SafeBox suite runs under
 *     --sanitize=thread). The owner field is a second location written only
 *     by the holder and read by the thread itself (re-entry) or compared
 *     against the reader's own identity, which no other thread ever stores.
 *   - The spin tries and their pauses, the parked-thread count that lets a
 *     newcomer skip spinning, the fairness clock and its random interval
 *     are replaced by nondeterministic choice (any number of spins,
 *     a hand-off on any contended release of an adaptive or checked lock),
 *     which covers every value they can take, the tuned ones of
 *     SafeBoxPolicy.adaptive(spinTries:handOffEvery:) included: a tuned lock
 *     spins and hands off in a subset of the runs modelled here. PLAIN
 *     (no spin, no hand-off) is the other end.
 *   - Condition waits (cpts_lock_wait/cpts_lock_notify_all) are not in this
 *     model: Models/condition-wait.pml checks them on top of an abstract
 *     lock (and SafeBoxEngineStressTests' condition hand-off stresses them).
 *
 * Step-to-C table (line numbers of cpts_lock.c unless marked .h):
 *   model step                         | C it mirrors
 *   -----------------------------------+---------------------------------------
 *   FAST_ACQUIRE cas(0 -> HELD)        | cpts_lock.h:153-157 cpts_lock_acquire_fast
 *   FAST_RELEASE cas(HELD -> 0)        | cpts_lock.h:162-165 cpts_lock_release_fast
 *   a1 flags, checked re-entry EDEADLK | 229-232
 *   a2 first attempt                   | 235-239
 *   a3 spin loop (nondeterministic)    | 247-264
 *   a4 park loop: claim free/handoff   | 282-286
 *   a5 mark PARKED unless already      | 287-289
 *   a6 deadline test -> ETIMEDOUT      | 290-293
 *   a7 futex wait on `parked`          | 298; futex 90-100 (parking lot 156-180)
 *   a8 acquired: record owner          | 302-304
 *   r1 EPERM: free or handed off       | 308-310
 *   r2 checked: owner test, clear      | 311-315
 *   r3 fair hand-off: store HANDOFF    | 322-328
 *   r4 wake one, counted               | 329; futex 107-111 (parking lot 193-196)
 *   r5 nobody woken: undo hand-off     | 333-335
 *   r6 plain release: exchange, wake   | 339-340; futex 102-104 (parking lot 182-188)
 */

#ifndef THREADS
#define THREADS 2
#endif
#ifndef ROUNDS
#define ROUNDS 2
#endif

/* Policies, as cpts_lock_init sets them up (lines 202-214). */
#define ADAPTIVE 0
#define PLAIN 1
#define CHECKED_POLICY 2
#ifndef POLICY
#define POLICY ADAPTIVE
#endif

/* The word's bits (cpts_lock.h). */
#define STATE_MASK 3
#define HELD 1
#define PARKED 2
#define CHECKED 4
#define HANDOFF 8

#define OK 0
#define EDEADLK 35
#define EPERM 1
#define ETIMEDOUT 110

#if POLICY == CHECKED_POLICY
#define FLAGS (CHECKED)
#else
#define FLAGS (0)
#endif
/* The word a parked thread expects, and a handed-off word. */
#define PARKED_WORD (FLAGS | PARKED)
#define HANDED_WORD (FLAGS | HANDOFF | PARKED)
#if POLICY == PLAIN
#define SPINS 0
#else
#define SPINS 1
#endif

byte word = FLAGS;
byte owner = 0;              /* checked policy: holder's id (pid + 1), 0 when free */
bool sleeping[3];            /* in FUTEX_WAIT on the word */
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

/* FUTEX_WAIT: sleep only if the word still holds `expected`, then block
 * until woken; a thread with a deadline may also time out. */
inline futex_wait(expected, timed) {
    atomic {
        if
        :: word == expected -> sleeping[id] = true
        :: else -> skip
        fi
    }
    atomic {
        if
        :: !sleeping[id] -> skip
        :: timed && sleeping[id] -> sleeping[id] = false   /* deadline passed in the kernel */
        fi
    }
}

/* FUTEX_WAKE of one sleeper; `woken` is the kernel's count. The parking lot
 * broadcasts to everybody on the bucket and cannot count. */
inline futex_wake_one(woken) {
    atomic {
        woken = 0;
#ifdef PARKING_LOT
        sleeping[0] = false; sleeping[1] = false; sleeping[2] = false
#else
        if
        :: sleeping[0] -> sleeping[0] = false; woken = 1
        :: sleeping[1] -> sleeping[1] = false; woken = 1
        :: sleeping[2] -> sleeping[2] = false; woken = 1
        :: else -> skip
        fi
#endif
    }
}

proctype Thread(bit timed; byte id) {
    byte me = id + 1;        /* never 0, like pthread_self() */
    byte w, rc, round = 0, woken;
    bool ok;

next_round:
    if
    :: round == ROUNDS -> goto done
    :: else -> round++
    fi;

#if POLICY == CHECKED_POLICY
    /* P4: an unlock by a thread that does not hold the lock (r1, r2). */
    w = word;
    if
    :: ((w & STATE_MASK) == 0) || (w & HANDOFF) -> rc = EPERM
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
    cas(w, HELD, ok);
    if
    :: ok -> goto acquired_fast
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
    :: (w & STATE_MASK) == 0 ->
        cas(w, w | HELD, ok);
        if
        :: ok -> goto acquired
        :: else -> skip
        fi
    :: else -> skip
    fi;

    /* a3 */
#if SPINS
    do
    :: w = word;
       if
       :: (w & STATE_MASK) == 0 ->
           cas(w, w | HELD, ok);
           if
           :: ok -> goto acquired
           :: else -> skip
           fi
       :: else -> skip
       fi
    :: break
    od;
#endif

park_loop:
    /* a4 */
    w = word;
#ifdef MUTANT_DEADLINE_BEFORE_HANDOFF
    /* Mutant: the deadline is tested before a pending hand-off is claimed,
     * so a timed waiter that was handed the lock walks away from it. */
    if
    :: timed -> rc = ETIMEDOUT; goto gave_up
    :: true -> skip
    fi;
#endif
    if
    :: (w & HANDOFF) || (w & STATE_MASK) == 0 ->
        cas(w, PARKED_WORD, ok);
        if
        :: ok -> goto acquired
        :: else -> goto park_loop
        fi
    :: else -> skip
    fi;
    /* a5 */
#ifndef MUTANT_NO_PARKED_MARK
    if
    :: w != (PARKED_WORD) ->
        cas(w, PARKED_WORD, ok);
        if
        :: !ok -> goto park_loop
        :: else -> skip
        fi
    :: else -> skip
    fi;
#endif
    /* a6 */
    if
    :: timed -> rc = ETIMEDOUT; goto gave_up
    :: true -> skip
    fi;
    /* a7 */
#ifdef MUTANT_NO_PARKED_MARK
    /* Mutant: sleep on whatever the word holds, without marking it. */
    futex_wait(w, timed);
#else
    futex_wait(PARKED_WORD, timed);
#endif
    goto park_loop;

acquired_fast:
acquired:
    /* a8 */
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

    /* FAST_RELEASE */
    w = HELD;
    cas(w, 0, ok);
    if
    :: ok -> goto next_round
    :: else -> skip
    fi;

    /* r1 */
    w = word;
    assert(!(((w & STATE_MASK) == 0) || (w & HANDOFF)));   /* the holder never gets EPERM */
    /* r2 */
#if POLICY == CHECKED_POLICY
    assert(owner == me);
#ifndef MUTANT_OWNER_KEPT
    owner = 0;
#endif
#endif

    /* r3: on any contended release of an adaptive or checked lock the
     * fairness clock may have run out. */
#if SPINS
    if
    :: (w & STATE_MASK) == PARKED ->
        if
        :: true ->
#ifdef MUTANT_HANDOFF_RELEASES
            /* Mutant: the hand-off drops the held state, so a spinner can
             * take the word while the woken waiter claims the hand-off. */
            word = (FLAGS | HANDOFF);
#else
            word = HANDED_WORD;
#endif
            /* r4 */
            futex_wake_one(woken);
            if
            :: woken > 0 -> goto next_round
            :: else -> skip
            fi;
            /* r5 */
#ifndef MUTANT_NO_UNDO
            w = HANDED_WORD;
            cas(w, FLAGS, ok);
#endif
            goto next_round
        :: true -> skip
        fi
    :: else -> skip
    fi;
#endif

    /* r6 */
    atomic { w = word; word = FLAGS };
#ifndef MUTANT_NO_WAKE
    if
    :: (w & STATE_MASK) == PARKED -> futex_wake_one(woken)
    :: else -> skip
    fi;
#endif
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
    assert((word & (STATE_MASK | HANDOFF)) == 0);
    assert(word == FLAGS);
    assert(!sleeping[0] && !sleeping[1] && !sleeping[2]);
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
