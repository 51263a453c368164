/*
 * condition-wait.pml: a Promela model of the lock engine's condition waits,
 * cpts_lock_wait and cpts_lock_notify_all in Sources/CPThreadShim/cpts_lock.c,
 * as SafeBox's withLock(when:) and MutexCell.notifyWaitersIfAny use them.
 * Checked with spin by Models/check.sh.
 *
 * The lock itself is abstracted to one blocking test-and-set: Models/
 * lock-word.pml checks the lock word's own protocol (exclusion, wake-ups,
 * hand-off). What this model checks is the protocol layered on it: a
 * waiter reads the condition's sequence number while holding the lock,
 * counts itself in condition_waiters (the first one sets the word's
 * CONDITION_WAITERS bit), releases the lock without notifying
 * (cpts_lock_release_slow) and sleeps on the sequence (futex: only if it is
 * unchanged); after re-acquiring, it uncounts itself (the last one clears
 * the bit). A thread that changed the value under the lock releases with
 * the inline subtraction, which finds the bit in the word it leaves; then,
 * in a step of its own (cpts_lock_release_wake's fresh look, other threads
 * may act in between), it notifies if the bit is still set, by bumping the
 * sequence and waking every sleeper, whether or not the lock has been taken
 * again meanwhile.
 *
 * The scenario is SafeBoxEngineStressTests' condition hand-off: producers
 * wait for an empty one-item slot, consumers for a full one, every item is
 * handed over once; one consumer uses timed waits (which may time out at any
 * moment and then re-check, as the Swift loop does), unless -DUNTIMED: a
 * timed waiter can end a lost wake-up by timing out, so the protocol is
 * also verified without one.
 *
 * Properties:
 *   P1 no lost wake-up: no thread sleeps for ever while its condition holds
 *      (spin's invalid end states: everybody must finish);
 *   P2 nothing left behind: when all have finished, condition_waiters is 0
 *      and the bit clear (a timed-out wait uncounted itself) and nobody
 *      sleeps.
 * Mutants (Models/check.sh): MUTANT_NOTIFY_NO_BUMP (wake without bumping the
 * sequence: a waiter that reads the sequence, then sleeps after the wake,
 * sleeps for ever), MUTANT_COUNT_AFTER_RELEASE (set the bit after releasing
 * the lock: the notifier's release finds no bit and skips the wake),
 * MUTANT_NOTIFY_ONLY_IF_FREE (skip the notify when the fresh look finds the
 * lock held again, as the wake of a parked thread rightly does: the new
 * holder may be a waiter that goes back to sleep without notifying).
 *
 * Coarser than the C: every step is sequentially consistent. The sequence
 * is read and condition_waiters and the bit updated with the lock held, and
 * the lock's acquire/release orders them against the notifier, whose
 * fresh look reads the word after its own release's subtraction (one
 * modification order per atomic object); the futex compares the sequence
 * atomically in the kernel. The sequence is a byte here (it wraps at 256 in
 * the model, at 2^32 in the C; a waiter would have to sleep through 2^32
 * notifications for the wrap to matter, and a sleeping waiter is woken by
 * the first).
 *
 * Step-to-C table (cpts_lock.c unless marked):
 *   w1 read sequence under the lock    | cpts_lock_wait: `sequence = ...`
 *   w2 waiters += 1, first sets bit    | cpts_lock_wait (the count is in SafeBox's block header)
 *   w3 release, no notify              | cpts_lock_release_slow
 *   w4 futex wait on the sequence      | cpts_park (timed: ETIMEDOUT at any time)
 *   w5 re-acquire, waiters -= 1, last clears bit | cpts_lock_wait
 *   n0 release: the subtraction        | .h cpts_lock_release_fast (MutexCell.notifyWaitersAndUnlock)
 *   n1 fresh look: bit set?            | cpts_lock_release_wake
 *   n2 bump the sequence               | cpts_lock_notify_all
 *   n3 wake every sleeper              | cpts_lock_notify_all
 */

#ifndef PAIRS
#define PAIRS 2
#endif
#define THREADS (2 * PAIRS)

bit locked = 0;
bit slot_full = 0;
byte sequence = 0;
byte waiters = 0;
bit waiters_bit = 0;         /* CPTS_LOCK_CONDITION_WAITERS in the lock word */
bool sleeping[4];
byte finished = 0;

inline acquire() { atomic { locked == 0 -> locked = 1 } }
inline release() { locked = 0 }

/* With the lock held: cpts_lock_wait. */
inline cond_wait(timed) {
    seen = sequence;                                   /* w1 */
    waiters++;                                         /* w2 */
#ifndef MUTANT_COUNT_AFTER_RELEASE
    if
    :: waiters == 1 -> waiters_bit = 1
    :: else -> skip
    fi;
#endif
    release();                                          /* w3 */
#ifdef MUTANT_COUNT_AFTER_RELEASE
    if
    :: waiters == 1 -> waiters_bit = 1
    :: else -> skip
    fi;
#endif
    atomic {                                           /* w4 */
        if
        :: sequence == seen -> sleeping[id] = true
        :: else -> skip
        fi
    }
    atomic {
        if
        :: !sleeping[id] -> skip
        :: timed && sleeping[id] -> sleeping[id] = false
        fi
    }
    acquire();                                            /* w5 */
    waiters--;
    if
    :: waiters == 0 -> waiters_bit = 0
    :: else -> skip
    fi
}

/* With the lock held, after changing the value: the inline release (n0),
 * then cpts_lock_release_wake's fresh look (n1), a step of its own. */
inline release_and_notify() {
    release();                                         /* n0 */
    if
#ifdef MUTANT_NOTIFY_ONLY_IF_FREE
    :: waiters_bit && !locked ->                       /* n1 */
#else
    :: waiters_bit ->                                  /* n1 */
#endif
        atomic {
#ifndef MUTANT_NOTIFY_NO_BUMP
            sequence++;                                /* n2 */
#endif
            sleeping[0] = false; sleeping[1] = false;  /* n3 */
            sleeping[2] = false; sleeping[3] = false
        }
    :: else -> skip
    fi
}

proctype Producer(byte id) {
    byte seen;
    acquire();
    do
    :: slot_full -> cond_wait(0)
    :: else -> break
    od;
    slot_full = 1;
    release_and_notify();
    finished++
}

proctype Consumer(byte id; bit timed) {
    byte seen;
    acquire();
    do
    :: !slot_full -> cond_wait(timed)
    :: else -> break
    od;
    slot_full = 0;
    release_and_notify();
    finished++
}

active proctype Quiescence() {
    finished == THREADS;
    assert(waiters == 0 && waiters_bit == 0);
    assert(!sleeping[0] && !sleeping[1] && !sleeping[2] && !sleeping[3]);
    assert(slot_full == 0 && locked == 0)
}

init {
    atomic {
        run Producer(0);
#ifdef UNTIMED
        run Consumer(1, 0);
#else
        run Consumer(1, 1);
#endif
#if PAIRS >= 2
        run Producer(2);
        run Consumer(3, 0);
#endif
    }
}
