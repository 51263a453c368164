import CPThreadShim

/// The lock half of a ``ReaderWriterBox``: a view of the `pthread_rwlock_t`
/// at the start of the box's ``LockedStorage`` block (which allocates,
/// initialises and tears it down), every return code checked.
///
/// The methods are deliberately not `@inlinable`: in debug builds of SafeBox
/// they also keep a ``ReaderRegistry`` so that a thread asking for the write
/// lock while it holds a read lock stops with a message instead of hanging,
/// and that choice must follow SafeBox's build configuration, not the
/// caller's. The cost is one direct call next to the pthread call.
@usableFromInline
struct ReaderWriterLockCell {
    /// The block's header (``ReaderWriterHeader``); its fields are read
    /// through the accessors next to ``LockedStorage``.
    let header: UnsafeMutablePointer<ReaderWriterHeader>

    init(header: UnsafeMutablePointer<ReaderWriterHeader>) {
        self.header = header
    }

    /// Whether this build keeps track of read-lock holders (debug builds).
    static var tracksReaders: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    @usableFromInline
    func readLock() {
        checkReadIsSafe()
        PThreadFailure.check(cpts_rwlock_rdlock(rwlock), "pthread_rwlock_rdlock")
        enteredRead()
    }

    @usableFromInline
    func writeLock() {
        checkWriteIsSafe()
        PThreadFailure.check(cpts_rwlock_wrlock(rwlock), "pthread_rwlock_wrlock")
    }

    /// True when a read lock was taken; false when a writer holds the lock
    /// or, with writer preference, waits for it.
    @usableFromInline
    func tryReadLock() -> Bool {
        // No re-entry check: a try never waits, so it cannot deadlock.
        let code = cpts_rwlock_tryrdlock(rwlock)
        if code == 0 {
            enteredRead()
            return true
        }
        if code == EBUSY { return false }
        PThreadFailure.fail(code, "pthread_rwlock_tryrdlock")
    }

    /// True when the write lock was taken; false when anybody holds the lock.
    @usableFromInline
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
        checkReadIsSafe()
        let code = cpts_rwlock_rdlock_until(rwlock, deadline)
        if code == 0 {
            enteredRead()
            return true
        }
        if code == ETIMEDOUT { return false }
        PThreadFailure.fail(code, "pthread_rwlock_clockrdlock")
    }

    /// Write-locks, giving up at `deadline` (monotonic nanoseconds). True
    /// when the lock was taken.
    @usableFromInline
    func writeLock(until deadline: UInt64) -> Bool {
        if tryWriteLock() { return true }
        // Waiting for the write lock while holding a read lock could only
        // ever time out: a bug worth stopping on, as in `writeLock()`.
        checkWriteIsSafe()
        let code = cpts_rwlock_wrlock_until(rwlock, deadline)
        if code == 0 { return true }
        if code == ETIMEDOUT { return false }
        PThreadFailure.fail(code, "pthread_rwlock_clockwrlock")
    }

    @usableFromInline
    func unlockRead() {
        #if DEBUG
        readers.left()
        #endif
        PThreadFailure.check(cpts_rwlock_unlock(rwlock), "pthread_rwlock_unlock")
    }

    @usableFromInline
    func unlockWrite() {
        PThreadFailure.check(cpts_rwlock_unlock(rwlock), "pthread_rwlock_unlock")
    }

    // MARK: Debug-build re-entry checks

    private func enteredRead() {
        #if DEBUG
        readers.entered()
        #endif
    }

    private func checkWriteIsSafe() {
        #if DEBUG
        if readers.currentThreadHoldsRead {
            fatalError(
                "ReaderWriterBox write lock requested on a thread that holds its read lock: "
                    + "withWriteLock inside withReadLock deadlocks"
            )
        }
        #endif
    }

    private func checkReadIsSafe() {
        #if DEBUG
        // With reader preference a nested read lock is legal. With writer
        // preference it deadlocks as soon as a writer queues between the
        // two, which tests rarely hit and production eventually does.
        if prefersWriters && readers.currentThreadHoldsRead {
            fatalError(
                "ReaderWriterBox read lock requested on a thread that already holds one: "
                    + "with writer preference, withReadLock inside withReadLock deadlocks "
                    + "once a writer queues in between (use preferring: .readers to allow it)"
            )
        }
        #endif
    }
}

#if DEBUG
/// Which threads hold a read lock on one box, and how many times each:
/// debug-build bookkeeping for the re-entry checks above, in a SafeBox of
/// its own (plain: held only for a dictionary update).
final class ReaderRegistry: Sendable {
    private let depthByThread = SafeBox<[UInt64: Int]>([:], policy: .plain)

    var currentThreadHoldsRead: Bool {
        let thread = cpts_current_thread_id()
        return depthByThread.withLock { $0[thread] != nil }
    }

    func entered() {
        let thread = cpts_current_thread_id()
        depthByThread.withLock { $0[thread, default: 0] += 1 }
    }

    func left() {
        let thread = cpts_current_thread_id()
        depthByThread.withLock {
            guard let depth = $0[thread] else { return }
            $0[thread] = depth > 1 ? depth - 1 : nil
        }
    }
}
#endif
