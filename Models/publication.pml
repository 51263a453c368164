/*
 * publication.pml: a Promela model of LoggingSink's handler publication,
 * Sources/LoggingSink/Internal/Publication.swift with its C half
 * Sources/CLoggingSinkSupport (lsk_reader.h, lsk_reader.c), checked with
 * spin. Run with Models/check.sh (CI: .ci/check-models.sh).
 *
 * The protocol: a reader announces the handler it is about to call in a
 * hazard slot of its own thread, re-reads the published handler, retries
 * until the two agree, calls it, and clears the slot. A writer swaps in a
 * new handler, appends the old one to `retired`, and every BATCH
 * retirements issues a global fence (membarrier), scans every slot and
 * frees the retired handlers no slot names. Deinitialising the sink
 * retires the last handler and scans once more.
 *
 * Properties (each has a mutant in Models/check.sh that spin must reject):
 *   P1 no handler is called after it was freed (so none is freed while a
 *      slot that a reader relies on names it): assert in the reader's call.
 *   P2 each message reaches exactly one handler: every message's delivery
 *      count is 1 once all readers have finished.
 *   P3 nothing leaks: after the sink is deinitialised every handler that
 *      was ever published has been freed (-DNO_LEAK_CHECK leaves this out,
 *      so that a mutant must be caught by P1 itself).
 *
 * Memory model, and where it is coarser than the code:
 *   - The one reordering the protocol must defeat is the reader's
 *     announcement (a relaxed store plus a compiler-only fence,
 *     lsk_reader_protect) passing its re-read of the published pointer (an
 *     acquire load): a store may sit in the CPU's store buffer while later
 *     loads complete. The model keeps each reader's slot store in a
 *     one-entry store buffer (`pending`) that reaches memory at any later
 *     moment (process Memory), TSO-style. A reader's store buffer is
 *     drained by the writer's barrier: membarrier(PRIVATE_EXPEDITED) runs a
 *     full memory barrier on every CPU running a thread of the process
 *     before it returns (with -DREADER_FENCE: the fallback where readers
 *     issue a seq_cst fence themselves, drained at the announcement).
 *   - The buffer holds only the latest value of the slot (a real buffer may
 *     hold several stores to it); this only hides intermediate values that
 *     would make a scan keep more handlers, never fewer.
 *   - Everything else is sequentially consistent: the writer's exchange on
 *     the published pointer is a locked read-modify-write, the writer's
 *     scans run under `retired`'s SafeBox, and the slot clear is a release
 *     store (every use of the handler happens before a writer that reads
 *     the cleared slot frees it). On weaker hardware (arm64) loads can also
 *     pass loads; the reader's loads of the published pointer are acquire
 *     loads and the writer's slot loads follow a full barrier, which rules
 *     that out for the accesses the protocol relies on. ThreadSanitizer runs
 *     the LoggingSink storm tests in CI for the C11 orderings themselves.
 *   - One hazard slot per reader: nesting (a handler that logs, using the
 *     next slot, and the locked slow path past LSK_SLOTS) is not modelled.
 *     Thread records are fixed (no attach/reuse at thread exit).
 *
 * Step-to-code table (Publication.swift unless marked):
 *   model step                         | code it mirrors
 *   -----------------------------------+---------------------------------------
 *   e1 load published pointer          | enter(_:) `current.load(ordering: .acquiring)`
 *   e2 announce in slot (buffered)     | lsk_reader_protect (lsk_reader.h), relaxed store
 *   e3 re-read, retry on change        | enter(_:) `again == pointer` loop
 *   c  call the validated handler      | LogSink.swift: the borrowed handler's call
 *   x  clear the slot (release)        | exit(_:) -> lsk_reader_release (lsk_reader.h)
 *   w1 exchange published pointer      | replace(_:with:) `current.exchange`
 *   w2 append old to retired           | replace(_:with:) `retired.append(old)`
 *   w3 batch reached -> collect        | replace(_:with:) `retired.count >= reclaimBatch`
 *   s1 global fence                    | collect -> lsk_writer_barrier (lsk_reader.c, membarrier)
 *   s2 scan every slot                 | collect: `lsk_reader_slot` over the registry
 *   s3 free retired, unnamed handlers  | collect `removeAll` + release(_:)
 *   d  deinit: retire last, collect    | retire(_:)
 */

#ifndef READERS
#define READERS 2
#endif
#ifndef MESSAGES
#define MESSAGES 2
#endif
/* Replacements the writer makes (handlers 2 .. REPLACEMENTS + 1). */
#ifndef REPLACEMENTS
#define REPLACEMENTS 3
#endif
/* Publication.reclaimBatch, scaled down so the model scans mid-run. */
#ifndef BATCH
#define BATCH 2
#endif
#define HANDLERS (REPLACEMENTS + 2)

byte current = 1;                 /* handler 1 is installed first */
byte slot[READERS];               /* hazard slots as memory holds them */
byte pending[READERS];            /* a reader's store not yet in memory */
bool is_pending[READERS];
bool freed[HANDLERS];
bool retired[HANDLERS];
byte retired_count = 0;
byte delivered[READERS * MESSAGES];
byte readers_done = 0;

inline drain(r) {
    if
    :: is_pending[r] -> slot[r] = pending[r]; is_pending[r] = false
    :: else -> skip
    fi
}

/* s1: membarrier: a full barrier on every CPU running a reader. */
inline global_fence() {
#ifdef MUTANT_NO_FENCE
    skip   /* Mutant: a fence on the writer's CPU only, no membarrier. */
#else
    atomic {
        i = 0;
        do
        :: i < READERS -> drain(i); i++
        :: else -> break
        od
    }
#endif
}

/* s2 + s3: scan every slot, free every retired handler none names. */
inline scan_and_free() {
    named = 0;
    i = 0;
    do
    :: i < READERS -> named = named | (1 << slot[i]); i++
    :: else -> break
    od;
    free_unnamed();
}

inline free_unnamed() {
    h = 1;
    do
    :: h < HANDLERS ->
        if
        :: retired[h] && (named & (1 << h)) == 0 ->
            freed[h] = true; retired[h] = false; retired_count--
        :: else -> skip
        fi;
        h++
    :: else -> break
    od
}

proctype Reader(byte r) {
    byte m = 0, p, again;
    do
    :: m < MESSAGES ->
        p = current;                                   /* e1 */
announce:
        /* e2 */
#ifdef READER_FENCE
        atomic { pending[r] = p; is_pending[r] = true; drain(r) };
#else
        atomic { pending[r] = p; is_pending[r] = true };
#endif
#ifndef MUTANT_NO_RECHECK
        again = current;                               /* e3 */
        if
        :: again != p ->
#ifdef MUTANT_CALL_BOTH
            /* Mutant: deliver to the announced (still protected) handler
             * before switching to the new one. */
            assert(!freed[p]);
            delivered[r * MESSAGES + m]++;
#endif
            p = again; goto announce
        :: else -> skip
        fi;
#endif
        assert(!freed[p]);                             /* c, P1 */
        delivered[r * MESSAGES + m]++;
        atomic { pending[r] = 0; is_pending[r] = true };  /* x */
        m++
    :: else -> break
    od;
    readers_done++
}

/* The reader CPUs' store buffers reach memory at any moment. */
proctype Memory(byte r) {
end:
    do
    :: atomic { is_pending[r] -> slot[r] = pending[r]; is_pending[r] = false }
    od
}

proctype Writer() {
    byte next = 2, old, named, i, h;
    do
    :: next < HANDLERS ->
#ifdef MUTANT_SCAN_BEFORE_SWAP
        /* Mutant: scan the slots first, then swap and free by that scan. */
        global_fence();
        named = 0; i = 0;
        do
        :: i < READERS -> named = named | (1 << slot[i]); i++
        :: else -> break
        od;
        atomic { old = current; current = next };
        retired[old] = true; retired_count++;
        free_unnamed();
#else
        atomic { old = current; current = next };     /* w1 */
        retired[old] = true; retired_count++;          /* w2 */
        if
        :: retired_count >= BATCH ->                   /* w3 */
            global_fence();                            /* s1 */
            scan_and_free()                            /* s2, s3 */
        :: else -> skip
        fi;
#endif
        next++
    :: else -> break
    od;

    /* d: the sink is deinitialised once no reader holds it. */
    readers_done == READERS;
    retired[current] = true; retired_count++;
#ifndef MUTANT_NEVER_RECLAIM
    /* (Mutant: deinit drops the reference without a last scan.) */
    global_fence();
    scan_and_free();
#endif

    /* P2, P3 */
    i = 0;
    do
    :: i < READERS * MESSAGES -> assert(delivered[i] == 1); i++
    :: else -> break
    od;
#ifndef NO_LEAK_CHECK
    h = 1;
    do
    :: h < HANDLERS -> assert(freed[h]); h++
    :: else -> break
    od
#endif
}

init {
    atomic {
        byte r = 0;
        do
        :: r < READERS -> run Reader(r); run Memory(r); r++
        :: else -> break
        od;
        run Writer()
    }
}
