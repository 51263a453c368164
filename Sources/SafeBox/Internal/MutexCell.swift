import CPThreadShim

/// The lock half of a ``SafeBox``: a heap-allocated pthread mutex with a
/// stable address, every return code checked.
///
/// Kept apart from the value so the locking strategy can change without
/// touching ``SafeBox``'s public contract.
@usableFromInline
struct MutexCell {
    @usableFromInline
    let mutex: UnsafeMutablePointer<cpts_mutex_t>

    @usableFromInline
    init(kind: cpts_mutex_kind = CPTS_MUTEX_KIND_NORMAL) {
        mutex = .allocate(capacity: 1)
        PThreadFailure.check(cpts_mutex_init(mutex, kind), "pthread_mutex_init")
    }

    @usableFromInline
    func destroy() {
        PThreadFailure.check(cpts_mutex_destroy(mutex), "pthread_mutex_destroy")
        mutex.deallocate()
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

    @inlinable
    func unlock() {
        PThreadFailure.check(cpts_mutex_unlock(mutex), "pthread_mutex_unlock")
    }
}
