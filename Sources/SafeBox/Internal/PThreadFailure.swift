import CPThreadShim

/// Reports a failed pthread call and stops the process.
///
/// A lock primitive that fails has left the program in a state nobody can
/// reason about (a mutex unlocked by a stranger, a lock destroyed while held),
/// so carrying on would trade a clear message now for corruption later. The
/// message names the call, the error and what it means for a SafeBox user.
@usableFromInline
enum PThreadFailure {
    @inlinable
    static func check(
        _ code: CInt,
        _ call: StaticString,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        if _fastPath(code == 0) { return }
        fail(code, call, file: file, line: line)
    }

    @usableFromInline
    static func fail(
        _ code: CInt,
        _ call: StaticString,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Never {
        fatalError(message(code, "\(call)"), file: file, line: line)
    }

    /// "pthread_mutex_unlock failed: EPERM (unlocking a SafeBox this thread does not hold)".
    static func message(_ code: CInt, _ call: String) -> String {
        let name = String(cString: cpts_error_name(code))
        let known = name == "E?" ? "error \(code)" : name
        return "\(call) failed: \(known) (\(meaning(code, call)))"
    }

    private static func meaning(_ code: CInt, _ call: String) -> String {
        switch (call, code) {
        // Reader-writer lock calls come first: the same codes mean something
        // different for a ReaderWriterBox.
        case (_, EDEADLK) where call.hasPrefix("pthread_rwlock"):
            return "ReaderWriterBox re-entered on the thread that holds its write lock: "
                + "withReadLock or withWriteLock inside withWriteLock deadlocks"
        case (_, EPERM) where call.hasPrefix("pthread_rwlock") && call.hasSuffix("unlock"):
            return "unlocking a ReaderWriterBox this thread does not hold"
        case (_, EBUSY) where call.hasPrefix("pthread_rwlock") && call.hasSuffix("destroy"):
            return "destroying a ReaderWriterBox that is still locked"
        case (_, EAGAIN) where call.hasPrefix("pthread_rwlock") && call.contains("rd"):
            return "too many read locks held on one ReaderWriterBox at once"
        case (_, ENOTSUP) where call == "pthread_rwlock_init":
            return "this platform cannot make a ReaderWriterBox prefer writers; use preferring: .readers"
        case (_, EPERM) where call.hasSuffix("unlock"):
            return "unlocking a SafeBox this thread does not hold"
        case (_, EDEADLK):
            return "SafeBox re-entered on the thread that holds it: withLock inside withLock deadlocks"
        case (_, EBUSY) where call.hasSuffix("destroy"):
            return "destroying a SafeBox that is still locked"
        case (_, EINVAL):
            return "the lock is not initialised or was already destroyed"
        case (_, ENOMEM), (_, EAGAIN):
            return "the system is out of resources for another lock"
        case (_, ENOTSUP):
            return "this platform does not support the requested lock kind"
        default:
            return "unexpected result from the system's lock implementation"
        }
    }
}
