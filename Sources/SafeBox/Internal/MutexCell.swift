import CPThreadShim

/// The lock half of a ``SafeBox``: SafeBox's own lock (a 32-bit lock word
/// with an inlined compare-exchange acquire and fetch-sub release, a bounded
/// spin, and a futex behind it; see `cpts_lock.h`) plus a condition for
/// predicate waits, at the start of the box's ``LockedStorage`` block.
///
/// A ``SafeBoxPolicy/pthread(_:)`` cell delegates to a pthread mutex and
/// condition placed right after the lock word (`cpts_pthread_backed_lock_t`).
/// Its word carries the `CPTS_LOCK_PTHREAD` flag, which makes both inline
/// fast paths fail, so the choice costs the other policies nothing: only the
/// out-of-line paths look at ``pthreadLock``.
///
/// A cell is a view that owns nothing: the box's ``LockedStorage``
/// allocates, initialises and tears down the memory it points to, so a copy
/// of a cell can lock and unlock but never free the lock.
///
/// This is the internal API the rest of the module builds on (`lock`,
/// `tryLock`, `lock(until:)`, `unlock`, `wait(until:)`, `notifyWaitersIfAny`);
/// the locking strategy behind it can change without touching SafeBox's
/// public contract. Misuse the engine can detect (re-entry and foreign
/// unlocks under the checked policy, unlocking a free lock under any policy)
/// stops the process with a message from ``LockMisuse``.
@usableFromInline
struct MutexCell: @unchecked Sendable {
    @usableFromInline
    let state: UnsafeMutablePointer<cpts_lock_t>

    /// A view of the lock at `state`; ``LockedStorage`` initialises the
    /// memory first and tears it down after the last use.
    @usableFromInline
    init(state: UnsafeMutablePointer<cpts_lock_t>) {
        self.state = state
    }

    /// The pthread mutex and condition of a ``SafeBoxPolicy/pthread(_:)``
    /// cell; nil for the lock-word policies.
    var pthreadLock: UnsafeMutablePointer<cpts_pthread_lock_t>? {
        cpts_lock_pthread(state)
    }

    /// The policy the cell was created with.
    @usableFromInline
    var policy: SafeBoxPolicy {
        switch cpts_lock_get_policy(state) {
        case CPTS_LOCK_POLICY_CHECKED: .checked
        case CPTS_LOCK_POLICY_PLAIN: .plain
        case CPTS_LOCK_POLICY_PTHREAD: .pthread(PThreadLockOperations.kind(pthreadLock!))
        default: SafeBoxPolicy(.adaptive(tuning))
        }
    }

    /// Acquires the lock, waiting as long as it takes.
    @inlinable
    func lock() {
        if _fastPath(cpts_lock_acquire_fast(state)) { return }
        lockContended()
    }

    @usableFromInline @inline(never)
    func lockContended() {
        if let pthread = pthreadLock {
            PThreadLockOperations.lock(pthread)
            cpts_lock_record_owner(state)
            return
        }
        let code = cpts_lock_acquire_slow(state, .max)
        if code != 0 { LockMisuse.stop(code) }
    }

    /// True when the lock was taken; false when another thread holds it.
    @inlinable
    func tryLock() -> Bool {
        if _fastPath(cpts_lock_acquire_fast(state)) { return true }
        return tryLockContended()
    }

    @usableFromInline @inline(never)
    func tryLockContended() -> Bool {
        if let pthread = pthreadLock {
            guard PThreadLockOperations.tryLock(pthread) else { return false }
            cpts_lock_record_owner(state)
            return true
        }
        return cpts_lock_try_acquire(state) == 0
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
        if _fastPath(cpts_lock_acquire_fast(state)) { return true }
        return lockContended(until: deadline)
    }

    @usableFromInline @inline(never)
    func lockContended(until deadline: UInt64) -> Bool {
        if let pthread = pthreadLock {
            // Try first, so a free lock is taken even when the deadline has
            // passed, as the lock-word engine does.
            guard PThreadLockOperations.tryLock(pthread) || PThreadLockOperations.lock(pthread, until: deadline)
            else { return false }
            cpts_lock_record_owner(state)
            return true
        }
        let code = cpts_lock_acquire_slow(state, deadline)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        LockMisuse.stop(code)
    }

    @inlinable
    func unlock() {
        if _fastPath(cpts_lock_release_fast(state)) { return }
        unlockContended()
    }

    @usableFromInline @inline(never)
    func unlockContended() {
        if let pthread = pthreadLock {
            let wasOwner = cpts_lock_clear_owner(state)
            // Error-checking and priority-inheritance mutexes report a
            // foreign unlock themselves (EPERM); the others would silently
            // unlock, so the recorded owner stands in for their check.
            if !wasOwner && !kindChecksOwner(pthread) { LockMisuse.foreignUnlock.stop() }
            PThreadLockOperations.unlock(pthread)
            return
        }
        let code = cpts_lock_release_slow(state)
        if code != 0 { LockMisuse.foreignUnlock.stop() }
    }

    /// With the lock held: releases it, sleeps until another thread calls
    /// `notifyWaitersIfAny()` (or spuriously, or until `deadline`), and
    /// re-acquires it. False when the deadline passed. Callers loop on their
    /// predicate.
    @usableFromInline
    func wait(until deadline: UInt64?) -> Bool {
        if let pthread = pthreadLock {
            guard cpts_lock_clear_owner(state) else { LockMisuse.waitWithoutHolding.stop() }
            conditionWaiters.pointee += 1
            let notified = PThreadLockOperations.wait(pthread, until: deadline)
            conditionWaiters.pointee -= 1
            cpts_lock_record_owner(state)
            return notified
        }
        let code = cpts_lock_wait(state, deadline ?? .max)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        LockMisuse.waitWithoutHolding.stop()
    }

    /// With the lock held, after the value may have changed: wakes every
    /// thread in `wait(until:)` so each re-checks its predicate. Costs one
    /// load and a branch when nobody waits.
    @inlinable
    func notifyWaitersIfAny() {
        if _slowPath(cpts_lock_has_condition_waiters(state)) { notifyWaiters() }
    }

    @usableFromInline @inline(never)
    func notifyWaiters() {
        if let pthread = pthreadLock {
            PThreadLockOperations.broadcast(pthread)
            return
        }
        cpts_lock_notify_all(state)
    }

    /// Who holds the lock, as far as this policy can tell.
    @usableFromInline
    var ownership: Ownership {
        switch cpts_lock_ownership(state) {
        case CPTS_LOCK_HOLDER_NONE: .free
        case CPTS_LOCK_HOLDER_CALLER: .currentThread
        default: policy == .checked || pthreadLock != nil ? .anotherThread : .someThread
        }
    }

    /// Whether the pthread mutex itself rejects an unlock by a thread that
    /// does not hold it.
    private func kindChecksOwner(_ pthread: UnsafeMutablePointer<cpts_pthread_lock_t>) -> Bool {
        switch PThreadLockOperations.kind(pthread) {
        case .errorCheck, .priorityInheritance: true
        case .normal, .adaptive: false
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
