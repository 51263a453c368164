import CPThreadShim

/// The lock half of a ``ReaderWriterBox``: one `pthread_rwlock_t` on the heap
/// at a stable address, every return code checked.
///
/// Kept apart from the box so the unsafe pointer work lives in one small
/// internal type, as ``MutexCell`` does for ``SafeBox``.
@usableFromInline
struct ReaderWriterLockCell {
    @usableFromInline
    let rwlock: UnsafeMutablePointer<cpts_rwlock_t>

    @usableFromInline
    init(preferWriters: Bool) {
        rwlock = .allocate(capacity: 1)
        rwlock.initialize(to: cpts_rwlock_t())
        PThreadFailure.check(cpts_rwlock_init(rwlock, preferWriters), "pthread_rwlock_init")
    }

    @usableFromInline
    func destroy() {
        PThreadFailure.check(cpts_rwlock_destroy(rwlock), "pthread_rwlock_destroy")
        rwlock.deinitialize(count: 1)
        rwlock.deallocate()
    }

    @inlinable
    func readLock() {
        PThreadFailure.check(cpts_rwlock_rdlock(rwlock), "pthread_rwlock_rdlock")
    }

    @inlinable
    func writeLock() {
        PThreadFailure.check(cpts_rwlock_wrlock(rwlock), "pthread_rwlock_wrlock")
    }

    /// True when a read lock was taken; false when a writer holds the lock
    /// or, with writer preference, waits for it.
    @inlinable
    func tryReadLock() -> Bool {
        let code = cpts_rwlock_tryrdlock(rwlock)
        if code == 0 { return true }
        if code == EBUSY { return false }
        PThreadFailure.fail(code, "pthread_rwlock_tryrdlock")
    }

    /// True when the write lock was taken; false when anybody holds the lock.
    @inlinable
    func tryWriteLock() -> Bool {
        let code = cpts_rwlock_trywrlock(rwlock)
        if code == 0 { return true }
        if code == EBUSY { return false }
        PThreadFailure.fail(code, "pthread_rwlock_trywrlock")
    }

    /// Read-locks, giving up at `deadline` (monotonic nanoseconds). True when
    /// the lock was taken.
    @usableFromInline
    func readLock(until deadline: UInt64) -> Bool {
        // Try first, so a free lock is taken even when the deadline has
        // passed, whatever the platform's timed lock does with one.
        if tryReadLock() { return true }
        let code = cpts_rwlock_rdlock_until(rwlock, deadline)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        PThreadFailure.fail(code, "pthread_rwlock_clockrdlock")
    }

    /// Write-locks, giving up at `deadline` (monotonic nanoseconds). True
    /// when the lock was taken.
    @usableFromInline
    func writeLock(until deadline: UInt64) -> Bool {
        if tryWriteLock() { return true }
        let code = cpts_rwlock_wrlock_until(rwlock, deadline)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        PThreadFailure.fail(code, "pthread_rwlock_clockwrlock")
    }

    @inlinable
    func unlock() {
        PThreadFailure.check(cpts_rwlock_unlock(rwlock), "pthread_rwlock_unlock")
    }
}
