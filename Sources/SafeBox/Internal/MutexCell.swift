import CPThreadShim

/// The lock half of a ``SafeBox``, at the start of the box's
/// ``LockedStorage`` block: a one-byte header that says which lock follows,
/// then that lock.
///
/// - The lock-word policies (``SafeBoxPolicy/adaptive``, ``SafeBoxPolicy/plain``,
///   ``SafeBoxPolicy/checked``) use SafeBox's own lock: a 32-bit lock word
///   with an inlined compare-exchange acquire and fetch-sub release, a
///   bounded spin, and a futex behind it (see `cpts_lock.h`), plus a
///   condition for predicate waits.
/// - A ``SafeBoxPolicy/pthread(_:)`` cell is a pthread mutex and condition
///   (`cpts_pthread_lock_t`), and never touches a lock word: each
///   operation is the header test, the pthread call with its return code
///   checked, and the owner record that ownership queries need.
///
/// The header never changes after initialisation, so the test costs a
/// predictable branch on a byte in the lock's own cache line.
///
/// A cell is a view that owns nothing: the box's ``LockedStorage``
/// allocates, initialises and tears down the memory it points to, so a copy
/// of a cell can lock and unlock but never free the lock.
///
/// This is the internal API the rest of the module builds on (`lock`,
/// `tryLock`, `lock(until:)`, `unlock`, `notifyWaitersAndUnlock`,
/// `wait(until:)`); the locking strategy behind it can change without
/// touching SafeBox's public contract. Misuse the cell can detect (re-entry
/// and foreign unlocks under the checked policy and the pthread policies,
/// unlocking a free lock under any policy) stops the process with a message
/// from ``LockMisuse``, or from ``PThreadFailure`` where the pthread mutex
/// itself reports it.
@usableFromInline
struct MutexCell: @unchecked Sendable {
    /// The start of the box's block: the header (`header`), then the
    /// lock at ``lockOffset``.
    @usableFromInline
    let block: UnsafeMutableRawPointer

    /// A view of the lock at `block`; ``LockedStorage`` initialises the
    /// memory first and tears it down after the last use.
    @inlinable
    init(block: UnsafeMutableRawPointer) {
        self.block = block
    }

    /// Where the lock starts: past the one-byte header, at the alignment
    /// both locks need.
    @inlinable
    static var lockOffset: Int { 8 }

    /// The header byte: which lock follows it, and whether that lock is
    /// released by the inline fetch-sub. Written once by ``LockedStorage``;
    /// never changes after.
    @inlinable
    var header: UInt8 { block.load(as: UInt8.self) }

    /// Header of an unchecked lock word (``SafeBoxPolicy/adaptive``,
    /// ``SafeBoxPolicy/plain``): the only kind the inline paths serve, so
    /// they test for it alone.
    @inlinable
    static var uncheckedLockWord: UInt8 { 0 }

    /// Header of a ``SafeBoxPolicy/checked`` lock word, which releases out
    /// of line (`cpts_lock_release_slow` checks and clears the owner).
    @inlinable
    static var checkedLockWord: UInt8 { 1 }

    /// Header of a ``SafeBoxPolicy/pthread(_:)`` cell.
    @inlinable
    static var pthreadMutex: UInt8 { 2 }

    /// The header for `policy`.
    static func header(for policy: SafeBoxPolicy) -> UInt8 {
        if policy.pthreadKind != nil { return pthreadMutex }
        return policy == .checked ? checkedLockWord : uncheckedLockWord
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

    /// Acquires the lock, waiting as long as it takes. A checked word needs
    /// no test of its own here: its flag fails the inline compare-exchange.
    @inlinable
    func lock() {
        if _slowPath(usesPThread) { return lockPThread() }
        if _fastPath(cpts_lock_acquire_fast(state)) { return }
        lockContended()
    }

    @inlinable
    func lockPThread() {
        PThreadLockOperations.lock(pthread)
        cpts_pthread_record_owner(pthread)
    }

    @usableFromInline @inline(never)
    func lockContended() {
        let code = cpts_lock_acquire_slow(state, .max)
        if code != 0 { LockMisuse.stop(code) }
    }

    /// True when the lock was taken; false when another thread holds it.
    @inlinable
    func tryLock() -> Bool {
        if _slowPath(usesPThread) { return tryLockPThread() }
        if _fastPath(cpts_lock_acquire_fast(state)) { return true }
        return tryLockContended()
    }

    @usableFromInline
    func tryLockPThread() -> Bool {
        guard PThreadLockOperations.tryLock(pthread) else { return false }
        cpts_pthread_record_owner(pthread)
        return true
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
        guard PThreadLockOperations.tryLock(pthread) || PThreadLockOperations.lock(pthread, until: deadline)
        else { return false }
        cpts_pthread_record_owner(pthread)
        return true
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
    @inlinable
    func unlock() {
        if _slowPath(header != Self.uncheckedLockWord) { return unlockOther(cpts_header_reread(block)) }
        unlockLockWord()
    }

    /// With the lock held, after the value may have changed: wakes every
    /// thread in `wait(until:)` so each re-checks its predicate, then
    /// releases. Costs one load and a branch more than `unlock()` when
    /// nobody waits.
    ///
    /// The test of the header for an unchecked word is its only inlined use
    /// of that read, so it compiles to one compare against memory; the rarer
    /// kinds read the byte again (`cpts_header_reread`) rather than keep the
    /// first read in a register, which cost the common path an instruction.
    @inlinable
    func notifyWaitersAndUnlock() {
        if _slowPath(header != Self.uncheckedLockWord) {
            let header = cpts_header_reread(block)
            if header == Self.pthreadMutex {
                if _slowPath(cpts_pthread_has_condition_waiters(pthread)) { notifyWaiters() }
            } else if _slowPath(cpts_lock_has_condition_waiters(state)) {
                notifyWaiters()
            }
            return unlockOther(header)
        }
        if _slowPath(cpts_lock_has_condition_waiters(state)) { notifyWaiters() }
        unlockLockWord()
    }

    /// An unchecked lock word's release: the blind inline fetch-sub.
    @inlinable
    func unlockLockWord() {
        if _fastPath(cpts_lock_release_fast(state)) { return }
        unlockContended()  // it was not held: release_slow says EPERM
    }

    /// `unlock()` for every header but an unchecked lock word.
    @inlinable
    func unlockOther(_ header: UInt8) {
        if header == Self.pthreadMutex { return unlockPThread() }
        unlockContended()  // a checked word: the slow path checks the owner
    }

    @inlinable
    func unlockPThread() {
        if _slowPath(!cpts_pthread_clear_owner(pthread)) { unlockPThreadNotHeld() }
        PThreadLockOperations.unlock(pthread)
    }

    @usableFromInline @inline(never)
    func unlockContended() {
        let code = cpts_lock_release_slow(state)
        if code != 0 { LockMisuse.foreignUnlock.stop() }
    }

    /// An unlock by a thread the owner record does not name. Error-checking
    /// and priority-inheritance mutexes reject it themselves (EPERM, stopped
    /// with pthread's message); the normal and adaptive kinds would unlock
    /// silently, so the record stands in for their check.
    @usableFromInline @inline(never)
    func unlockPThreadNotHeld() -> Never {
        switch PThreadLockOperations.kind(pthread) {
        case .errorCheck, .priorityInheritance: PThreadLockOperations.unlock(pthread)
        case .normal, .adaptive: break
        }
        LockMisuse.foreignUnlock.stop()
    }

    /// With the lock held: releases it, sleeps until another thread calls
    /// `notifyWaitersAndUnlock()` (or spuriously, or until `deadline`), and
    /// re-acquires it. False when the deadline passed. Callers loop on their
    /// predicate.
    @usableFromInline
    func wait(until deadline: UInt64?) -> Bool {
        if usesPThread {
            guard cpts_pthread_clear_owner(pthread) else { LockMisuse.waitWithoutHolding.stop() }
            // Through a pointer to the field: `pthread.pointee.
            // condition_waiters += 1` would be a Swift access to the whole
            // lock, which overlaps other threads' operations on its mutex.
            let waiters = pthread.pointer(to: \.condition_waiters)!
            waiters.pointee += 1
            let notified = PThreadLockOperations.wait(pthread, until: deadline)
            waiters.pointee -= 1
            cpts_pthread_record_owner(pthread)
            return notified
        }
        let code = cpts_lock_wait(state, deadline ?? .max)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        LockMisuse.waitWithoutHolding.stop()
    }

    @usableFromInline @inline(never)
    func notifyWaiters() {
        if usesPThread {
            PThreadLockOperations.broadcast(pthread)
            return
        }
        cpts_lock_notify_all(state)
    }

    /// Who holds the lock, as far as this policy can tell.
    @usableFromInline
    var ownership: Ownership {
        if usesPThread {
            let owner = cpts_pthread_owner(pthread)
            return owner == 0 ? .free : owner == cpts_thread_identity() ? .currentThread : .anotherThread
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
        /// Checked and pthread policies: a thread other than the caller holds it.
        case anotherThread
        /// Unchecked policies do not record the owner: held, by whom unknown.
        case someThread
    }
}
