import CPThreadShim

/// Every pthread mutex and condition-variable call SafeBox makes, in one
/// place, each return code checked (as swift-nio's `LockOperations`).
///
/// These back the ``SafeBoxPolicy/pthread(_:)`` policies: ``MutexCell``
/// calls them when its header says a pthread mutex follows. `lock` and
/// `unlock` are inlined into the caller, so an uncontended
/// operation is one call into libc and a test of its result. A failure stops
/// the process with ``PThreadFailure``'s message naming the call, the error
/// and what it means for a SafeBox user.
@usableFromInline
enum PThreadLockOperations {
    static func create(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>, kind: SafeBoxPolicy.PThreadKind) {
        PThreadFailure.check(cpts_mutex_init(mutex(lock), kind.mutexKind), "pthread_mutex_init")
        PThreadFailure.check(cpts_cond_init(condition(lock)), "pthread_cond_init")
    }

    static func destroy(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>) {
        PThreadFailure.check(cpts_cond_destroy(condition(lock)), "pthread_cond_destroy")
        PThreadFailure.check(cpts_mutex_destroy(mutex(lock)), "pthread_mutex_destroy")
    }

    @inlinable
    static func lock(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>) {
        PThreadFailure.check(cpts_mutex_lock(mutex(lock)), "pthread_mutex_lock")
    }

    /// True when the mutex was taken; false when it is held (by anybody,
    /// the caller included: `pthread_mutex_trylock` answers EBUSY then).
    static func tryLock(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>) -> Bool {
        let code = cpts_mutex_trylock(mutex(lock))
        if code == 0 { return true }
        if code == EBUSY { return false }
        PThreadFailure.fail(code, "pthread_mutex_trylock")
    }

    /// True when the mutex was taken before `deadline` (monotonic
    /// nanoseconds); false when the deadline passed.
    static func lock(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>, until deadline: UInt64) -> Bool {
        let code = cpts_mutex_lock_until(mutex(lock), deadline)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        PThreadFailure.fail(code, "pthread_mutex_clocklock")
    }

    @inlinable
    static func unlock(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>) {
        PThreadFailure.check(cpts_mutex_unlock(mutex(lock)), "pthread_mutex_unlock")
    }

    /// With the mutex held: waits on the condition until broadcast (or
    /// spuriously, or until `deadline`). False when the deadline passed.
    static func wait(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>, until deadline: UInt64?) -> Bool {
        guard let deadline else {
            PThreadFailure.check(cpts_cond_wait(condition(lock), mutex(lock)), "pthread_cond_wait")
            return true
        }
        let code = cpts_cond_wait_until(condition(lock), mutex(lock), deadline)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        PThreadFailure.fail(code, "pthread_cond_timedwait")
    }

    static func broadcast(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>) {
        PThreadFailure.check(cpts_cond_broadcast(condition(lock)), "pthread_cond_broadcast")
    }
}
