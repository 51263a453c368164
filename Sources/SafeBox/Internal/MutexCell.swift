import CPThreadShim

/// The lock half of a ``SafeBox``: a pthread mutex, a condition variable for
/// predicate waits and a waiter count, in one heap block with a stable
/// address; every return code checked.
///
/// This is the internal API the rest of the module builds on (`lock`,
/// `tryLock`, `lock(until:)`, `unlock`, `wait(until:)`, `notifyWaitersIfAny`);
/// the locking strategy behind it can change without touching SafeBox's
/// public contract.
@usableFromInline
struct MutexCell {
    @usableFromInline
    struct State {
        @usableFromInline var mutex = cpts_mutex_t()
        @usableFromInline var changed = cpts_cond_t()
        /// Threads inside `wait(until:)`. Only read or written with `mutex` held.
        @usableFromInline var waiters = 0
    }

    @usableFromInline
    let state: UnsafeMutablePointer<State>

    @inlinable
    var mutex: UnsafeMutablePointer<cpts_mutex_t> {
        UnsafeMutableRawPointer(state).advanced(by: MemoryLayout<State>.offset(of: \State.mutex)!)
            .assumingMemoryBound(to: cpts_mutex_t.self)
    }

    @usableFromInline
    var changed: UnsafeMutablePointer<cpts_cond_t> {
        UnsafeMutableRawPointer(state).advanced(by: MemoryLayout<State>.offset(of: \State.changed)!)
            .assumingMemoryBound(to: cpts_cond_t.self)
    }

    @usableFromInline
    init(kind: cpts_mutex_kind = CPTS_MUTEX_KIND_NORMAL) {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        PThreadFailure.check(cpts_mutex_init(mutex, kind), "pthread_mutex_init")
        PThreadFailure.check(cpts_cond_init(changed), "pthread_cond_init")
    }

    @usableFromInline
    func destroy() {
        PThreadFailure.check(cpts_cond_destroy(changed), "pthread_cond_destroy")
        PThreadFailure.check(cpts_mutex_destroy(mutex), "pthread_mutex_destroy")
        state.deinitialize(count: 1)
        state.deallocate()
    }

    @inlinable
    func lock() {
        PThreadFailure.check(cpts_mutex_lock(mutex), "pthread_mutex_lock")
    }

    /// True when the lock was taken; false when another thread holds it.
    @inlinable
    func tryLock() -> Bool {
        let code = cpts_mutex_trylock(mutex)
        if code == 0 { return true }
        if code == EBUSY { return false }
        PThreadFailure.fail(code, "pthread_mutex_trylock")
    }

    /// Locks, giving up at `deadline` (nanoseconds on the monotonic clock,
    /// see `cpts_monotonic_now_ns`). True when the lock was taken.
    @usableFromInline
    func lock(until deadline: UInt64) -> Bool {
        let code = cpts_mutex_lock_until(mutex, deadline)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        PThreadFailure.fail(code, "pthread_mutex_clocklock")
    }

    @inlinable
    func unlock() {
        PThreadFailure.check(cpts_mutex_unlock(mutex), "pthread_mutex_unlock")
    }

    /// With the lock held: releases it, sleeps until another thread calls
    /// `notifyWaitersIfAny()` (or spuriously, or until `deadline`), and
    /// re-acquires it. False when the deadline passed. Callers loop on their
    /// predicate.
    @usableFromInline
    func wait(until deadline: UInt64?) -> Bool {
        state.pointee.waiters += 1
        defer { state.pointee.waiters -= 1 }
        guard let deadline else {
            PThreadFailure.check(cpts_cond_wait(changed, mutex), "pthread_cond_wait")
            return true
        }
        let code = cpts_cond_wait_until(changed, mutex, deadline)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        PThreadFailure.fail(code, "pthread_cond_clockwait")
    }

    /// With the lock held, after the value may have changed: wakes every
    /// thread in `wait(until:)` so each re-checks its predicate. Costs one
    /// load and a branch when nobody waits.
    @inlinable
    func notifyWaitersIfAny() {
        if _slowPath(state.pointee.waiters > 0) {
            PThreadFailure.check(cpts_cond_broadcast(changed), "pthread_cond_broadcast")
        }
    }
}
