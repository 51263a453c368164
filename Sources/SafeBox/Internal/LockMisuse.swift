import CPThreadShim

/// A misuse of a SafeBox that the lock engine caught, and the message that
/// stops the process. Carrying on after any of these would mean a deadlock
/// (re-entry) or a broken lock (an unlock by a thread that does not hold it).
@usableFromInline
enum LockMisuse: Equatable {
    case reentered
    case foreignUnlock
    case waitWithoutHolding
    case destroyedWhileLocked

    var message: String {
        switch self {
        case .reentered:
            "SafeBox re-entered on the thread that holds it: withLock inside withLock deadlocks"
        case .foreignUnlock:
            "SafeBox unlocked by a thread that does not hold it: unlocking a SafeBox this thread does not hold"
        case .waitWithoutHolding:
            "waiting on a SafeBox condition without holding the box"
        case .destroyedWhileLocked:
            "destroying a SafeBox that is still locked"
        }
    }

    @usableFromInline
    func stop() -> Never {
        fatalError(message)
    }

    /// Stops for an error code from the engine (`EDEADLK`, `EPERM`).
    @usableFromInline
    static func stop(_ code: CInt) -> Never {
        switch code {
        case EDEADLK: LockMisuse.reentered.stop()
        case EPERM: LockMisuse.foreignUnlock.stop()
        default: fatalError("SafeBox lock engine: unexpected result \(String(cString: cpts_error_name(code)))")
        }
    }
}
