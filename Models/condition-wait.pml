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
 * counts itself in condition_waiters, releases the lock and sleeps on the
 * sequence (futex: only if it is unchanged); a thread that changed the value
 * under the lock notifies only when condition_waiters > 0, by bumping the
 * sequence and waking every sleeper.
 *
 * The scenario is SafeBoxEngineStressTests' condition hand-off: producers
 * wait for an empty one-item slot, consumers for a full one, every item is
 * handed over once; one consumer uses timed waits (which may time out at any
 * moment and then re-check, as the Swift loop does).
 *
 * Properties:
 *   P1 no lost wake-up: no thread sleeps for ever while its condition holds
 *      (spin's invalid end states: everybody must finish);
 *   P2 nothing left behind: when all have finished, condition_waiters is 0
 *      (a timed-out wait decremented its count) and nobody sleeps.
 * Mutants (Models/check.sh): MUTANT_NOTIFY_NO_BUMP (wake without bumping the
 * sequence: a waiter that reads the sequence, then sleeps after the wake,
 * sleeps for ever), MUTANT_COUNT_AFTER_RELEASE (count the waiter after
 * releasing the lock: the notifier sees 0 waiters and skips the wake).
 *
 * Coarser than the C: every step is sequentially consistent. The sequence
 * is read and condition_waiters updated with the lock held, and the lock's
 * acquire/release orders them against the notifier, which also holds the
 * lock; the futex compares the sequence atomically in the kernel. The
 * sequence is a byte here (it wraps at 256 in the model, at 2^32 in the C;
 * a waiter would have to sleep through 2^32 notifications for the wrap to
 * matter, and a sleeping waiter is woken by the first).
 *
 * Step-to-C table (cpts_lock.c):
 *   w1 read sequence under the lock    | 406
 *   w2 condition_waiters += 1          | 407 (the count is in SafeBox's block header)
 *   w3 release the lock                | 409-413
 *   w4 futex wait on the sequence      | 414 (timed: ETIMEDOUT at any time)
 *   w5 re-acquire, waiters -= 1        | 415-416
 *   n0 notify only if waiters > 0      | MutexCell.notifyWaitersAndUnlock (the header compare, then notifyWaitersAndUnlockOther)
 *   n1 bump the sequence               | 421
 *   n2 wake every sleeper              | 422
 */

#ifndef PAIRS
#define PAIRS 2
#endif
#define THREADS (2 * PAIRS)

bit locked = 0;
bit slot_full = 0;
byte sequence = 0;
byte waiters = 0;
bool sleeping[4];
byte finished = 0;

inline acquire() { atomic { locked == 0 -> locked = 1 } }
inline release() { locked = 0 }

/* With the lock held: cpts_lock_wait. */
inline cond_wait(timed) {
    seen = sequence;                                   /* w1 */
#ifndef MUTANT_COUNT_AFTER_RELEASE
    waiters++;                                         /* w2 */
#endif
    release();                                          /* w3 */
#ifdef MUTANT_COUNT_AFTER_RELEASE
    waiters++;
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
    waiters--
}

/* With the lock held, after changing the value: notifyWaitersIfAny. */
inline notify() {
    if
    :: waiters > 0 ->                                  /* n0 */
        atomic {
#ifndef MUTANT_NOTIFY_NO_BUMP
            sequence++;                                /* n1 */
#endif
            sleeping[0] = false; sleeping[1] = false;  /* n2 */
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
    notify();
    release();
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
    notify();
    release();
    finished++
}

active proctype Quiescence() {
    finished == THREADS;
    assert(waiters == 0);
    assert(!sleeping[0] && !sleeping[1] && !sleeping[2] && !sleeping[3]);
    assert(slot_full == 0 && locked == 0)
}

init {
    atomic {
        run Producer(0);
        run Consumer(1, 1);
#if PAIRS >= 2
        run Producer(2);
        run Consumer(3, 0);
#endif
    }
}
