import CPThreadShim

/// The lock half of a ``SafeBox``, at the start of the box's
/// ``LockedStorage`` block: an 8-byte header (a byte that says which lock
/// follows, and the number of threads in a condition wait), then that lock.
///
/// - The lock-word policies (``SafeBoxPolicy/adaptive``, ``SafeBoxPolicy/plain``,
///   ``SafeBoxPolicy/checked``) use SafeBox's own lock: a 32-bit lock word
///   with an inlined compare-exchange acquire and one-subtraction release, a
///   bounded spin, and a futex behind it (see `cpts_lock.h`), plus a
///   condition for predicate waits.
/// - A ``SafeBoxPolicy/pthread(_:)`` cell is a pthread condition and mutex
///   (`cpts_pthread_lock_t`, the mutex last so that it shares a cache line
///   with the start of the value), and never touches a lock word: each
///   operation is the header test and the pthread call with its return code
///   checked. Ownership queries ask the C library, which records the holder
///   of every mutex it locks (`cpts_mutex_holder`).
///
/// The header's kind byte never changes after initialisation, so testing it
/// costs a predictable branch on a byte in the lock's own cache line; the
/// acquire tests it once and the release reuses the answer. Nothing else
/// is tested on a lock word's inline path: whether the lock is checked or
/// has condition waiters is in the word, which the release's subtraction
/// leaves not 0 then.
///
/// A cell is a view that owns nothing: the box's ``LockedStorage``
/// allocates, initialises and tears down the memory it points to, so a copy
/// of a cell can lock and unlock but never free the lock.
///
/// This is the internal API the rest of the module builds on (`lock`,
/// `tryLock`, `lock(until:)`, `unlock`, `notifyWaitersAndUnlock`,
/// `wait(until:)`); the locking strategy behind it can change without
/// touching SafeBox's public contract. Misuse the cell can detect (re-entry
/// and foreign unlocks under the checked policy, unlocking a free lock under
/// the lock-word policies) stops the process with a message from
/// ``LockMisuse``, or from ``PThreadFailure`` where the pthread mutex itself
/// reports it (re-entry and foreign unlocks of an error-checking or
/// priority-inheritance mutex). SafeBox's API locks and unlocks on one
/// thread, inside one synchronous `withLock`, so a foreign unlock can only
/// come from code inside this module.
@usableFromInline
struct MutexCell: @unchecked Sendable {
    /// The start of the box's block: the header (``header``, then
    /// ``conditionWaiters`` at offset 4), then the lock at ``lockOffset``.
    @usableFromInline
    let block: UnsafeMutableRawPointer

    /// A view of the lock at `block`; ``LockedStorage`` initialises the
    /// memory first and tears it down after the last use.
    @inlinable
    init(block: UnsafeMutableRawPointer) {
        self.block = block
    }

    /// Where the lock starts: past the 8-byte header, at the alignment both
    /// locks need.
    @inlinable
    static var lockOffset: Int { 8 }

    /// The header byte: which lock follows it. Written once by
    /// ``LockedStorage``; never changes after.
    @inlinable
    var header: UInt8 { block.load(as: UInt8.self) }

    /// Threads in a condition wait (`wait(until:)`): bytes 4-7 of the
    /// header. Read and written only with the lock held. A pthread policy's
    /// release tests it; a lock word also carries it as a bit of the word
    /// (`CPTS_LOCK_CONDITION_WAITERS`), which its release finds without a
    /// test of its own.
    @inlinable
    var conditionWaiters: UnsafeMutablePointer<UInt32> {
        (block + 4).assumingMemoryBound(to: UInt32.self)
    }

    /// Header of a lock-word policy's cell (``SafeBoxPolicy/adaptive``,
    /// ``SafeBoxPolicy/plain``, ``SafeBoxPolicy/checked``): the word itself
    /// says what its release must do beyond the subtraction.
    @inlinable
    static var lockWord: UInt8 { 0 }

    /// Header of a ``SafeBoxPolicy/pthread(_:)`` cell.
    @inlinable
    static var pthreadMutex: UInt8 { 1 }

    /// The header for `policy`.
    static func header(for policy: SafeBoxPolicy) -> UInt8 {
        policy.pthreadKind != nil ? pthreadMutex : lockWord
    }

    /// Whether a pthread mutex follows the header (a
    /// ``SafeBoxPolicy/pthread(_:)`` box) rather than a lock word.
    @inlinable
    var usesPThread: Bool { header == Self.pthreadMutex }

    /// The lock word of a lock-word policy's cell.
    @inlinable
    var state: UnsafeMutablePointer<cpts_lock_t> {
        (block + Self.lockOffset).assumingMemoryBound(to: cpts_lock_t.self)
    }

    /// The pthread mutex and condition of a pthread policy's cell.
    @inlinable
    var pthread: UnsafeMutablePointer<cpts_pthread_lock_t> {
        (block + Self.lockOffset).assumingMemoryBound(to: cpts_pthread_lock_t.self)
    }

    /// The pthread mutex and condition of a ``SafeBoxPolicy/pthread(_:)``
    /// cell; nil for the lock-word policies.
    var pthreadLock: UnsafeMutablePointer<cpts_pthread_lock_t>? {
        usesPThread ? pthread : nil
    }

    /// The policy the cell was created with.
    @usableFromInline
    var policy: SafeBoxPolicy {
        if usesPThread { return .pthread(PThreadLockOperations.kind(pthread)) }
        switch cpts_lock_get_policy(state) {
        case CPTS_LOCK_POLICY_CHECKED: return .checked
        case CPTS_LOCK_POLICY_PLAIN: return .plain
        default: return SafeBoxPolicy(.adaptive(tuning))
        }
    }

    /// Acquires the lock, waiting as long as it takes.
    @inlinable
    func lock() {
        lock(usesPThread: usesPThread)
    }

    /// `lock()` for a caller that read ``usesPThread`` once and passes it
    /// to the release too (see ``notifyWaitersAndUnlock(usesPThread:)``).
    /// A checked word needs no test of its own here: its flag fails the
    /// inline compare-exchange.
    @inlinable
    func lock(usesPThread: Bool) {
        if _slowPath(usesPThread) { return lockPThread() }
        if _fastPath(cpts_lock_acquire_fast(state)) { return }
        lockContended()
    }

    @inlinable
    func lockPThread() {
        PThreadLockOperations.lock(pthread)
    }

    @usableFromInline @inline(never)
    func lockContended() {
        let code = cpts_lock_acquire_slow(state, .max)
        if code != 0 { LockMisuse.stop(code) }
    }

    /// True when the lock was taken; false when another thread holds it.
    @inlinable
    func tryLock() -> Bool {
        tryLock(usesPThread: usesPThread)
    }

    /// `tryLock()` for a caller that read ``usesPThread`` once.
    @inlinable
    func tryLock(usesPThread: Bool) -> Bool {
        if _slowPath(usesPThread) { return tryLockPThread() }
        if _fastPath(cpts_lock_acquire_fast(state)) { return true }
        return tryLockContended()
    }

    @usableFromInline
    func tryLockPThread() -> Bool {
        PThreadLockOperations.tryLock(pthread)
    }

    @usableFromInline @inline(never)
    func tryLockContended() -> Bool {
        cpts_lock_try_acquire(state) == 0
    }

    /// Locks, giving up at `deadline` (nanoseconds on the monotonic clock,
    /// see `cpts_monotonic_now_ns`). True when the lock was taken.
    /// `UInt64.max` waits forever.
    ///
    /// A free lock is always taken, even when `deadline` has already passed:
    /// the fast path, and the engine's slow path before it looks at the
    /// clock, each try once. Timed entry points rely on this, so a zero
    /// timeout behaves like `tryLock()`.
    @inlinable
    func lock(until deadline: UInt64) -> Bool {
        if _slowPath(usesPThread) { return lockPThread(until: deadline) }
        if _fastPath(cpts_lock_acquire_fast(state)) { return true }
        return lockContended(until: deadline)
    }

    @usableFromInline
    func lockPThread(until deadline: UInt64) -> Bool {
        // Try first, so a free lock is taken even when the deadline has
        // passed, as the lock-word engine does.
        PThreadLockOperations.tryLock(pthread) || PThreadLockOperations.lock(pthread, until: deadline)
    }

    @usableFromInline @inline(never)
    func lockContended(until deadline: UInt64) -> Bool {
        let code = cpts_lock_acquire_slow(state, deadline)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        LockMisuse.stop(code)
    }

    /// Releases the lock without waking condition waiters: for a critical
    /// section that left the value as it found it.
    ///
    /// Unlike the release at the end of `withLock`, which always follows its
    /// own acquire, this entry point could meet a free lock, and the inline
    /// release cannot tell one. So a lock word releases here through the
    /// engine's out-of-line release, which checks that the lock is held (and,
    /// for a checked word, by whom). Its callers are off the inline path.
    @inlinable
    func unlock() {
        if usesPThread { return unlockPThread() }
        let code = cpts_lock_release_slow(state)
        if code != 0 { LockMisuse.foreignUnlock.stop() }
    }

    /// With the lock held, after the value may have changed: wakes every
    /// thread in `wait(until:)` so each re-checks its predicate, then
    /// releases.
    @inlinable
    func notifyWaitersAndUnlock() {
        notifyWaitersAndUnlock(usesPThread: usesPThread)
    }

    /// `notifyWaitersAndUnlock()` for a caller that read ``usesPThread``
    /// before it locked. With the kind in a register across the critical
    /// section, the compiler threads this test into the lock's and lays
    /// out one copy of the section per kind. A lock word's copy then tests
    /// nothing: the engine's inline subtraction leaves a word that is not 0
    /// when the lock is checked, has condition waiters, or has parked or
    /// starving threads, and its out-of-line part serves each. A pthread
    /// mutex's copy tests the waiter count.
    ///
    /// The caller must have taken the lock itself, in the same critical
    /// section: the inline subtraction cannot tell a free lock, nor a checked
    /// lock held by another thread (``unlock()`` can).
    @inlinable
    func notifyWaitersAndUnlock(usesPThread: Bool) {
        if _slowPath(usesPThread) {
            if _slowPath(conditionWaiters.pointee != 0) { notifyPThreadWaiters() }
            return unlockPThread()
        }
        cpts_lock_release_fast(state)
    }

    /// Wakes every thread in a pthread policy's `wait(until:)`. (A lock word's
    /// release notifies by itself: see `cpts_lock_release_wake`.)
    @usableFromInline @inline(never)
    func notifyPThreadWaiters() {
        PThreadLockOperations.broadcast(pthread)
    }

    /// An error-checking or priority-inheritance mutex answers a foreign
    /// unlock with EPERM, which stops with pthread's message; the normal and
    /// adaptive kinds do not check (see the type's note on foreign unlocks).
    @inlinable
    func unlockPThread() {
        PThreadLockOperations.unlock(pthread)
    }

    /// With the lock held: releases it, sleeps until another thread calls
    /// `notifyWaitersAndUnlock()` (or spuriously, or until `deadline`), and
    /// re-acquires it. False when the deadline passed. Callers loop on their
    /// predicate.
    @usableFromInline
    func wait(until deadline: UInt64?) -> Bool {
        if usesPThread {
            // pthread_cond_wait on a mutex the caller does not hold is
            // undefined for the normal and adaptive kinds: ask first.
            let holder = ownership
            guard holder == .currentThread || holder == .someThread else { LockMisuse.waitWithoutHolding.stop() }
            conditionWaiters.pointee += 1
            let notified = PThreadLockOperations.wait(pthread, until: deadline)
            conditionWaiters.pointee -= 1
            return notified
        }
        let code = cpts_lock_wait(state, conditionWaiters, deadline ?? .max)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        LockMisuse.waitWithoutHolding.stop()
    }

    /// Who holds the lock, as far as this policy can tell.
    @usableFromInline
    var ownership: Ownership {
        if usesPThread {
            switch cpts_mutex_holder(PThreadLockOperations.mutex(pthread)) {
            case CPTS_MUTEX_FREE: return .free
            case CPTS_MUTEX_HELD_BY_CALLER: return .currentThread
            case CPTS_MUTEX_HELD_BY_ANOTHER_THREAD: return .anotherThread
            default: return .someThread
            }
        }
        switch cpts_lock_ownership(state) {
        case CPTS_LOCK_HOLDER_NONE: return .free
        case CPTS_LOCK_HOLDER_CALLER: return .currentThread
        default: return policy == .checked ? .anotherThread : .someThread
        }
    }

    @usableFromInline
    enum Ownership: Equatable {
        case free
        case currentThread
        /// Checked and (on glibc) pthread policies: a thread other than the
        /// caller holds it.
        case anotherThread
        /// Unchecked policies do not record the owner, nor does a pthread
        /// mutex outside glibc: held, by whom unknown.
        case someThread
    }
}
