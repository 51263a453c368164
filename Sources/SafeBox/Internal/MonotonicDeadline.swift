import CPThreadShim

/// A point on CLOCK_MONOTONIC in nanoseconds: the one clock every timed
/// operation in SafeBox waits on, so wall-clock changes never stretch or
/// shorten a wait.
@usableFromInline
struct MonotonicDeadline: Comparable, Sendable {
    @usableFromInline
    let nanoseconds: UInt64

    @usableFromInline
    init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    @usableFromInline
    static var now: MonotonicDeadline {
        MonotonicDeadline(nanoseconds: cpts_monotonic_now_ns())
    }

    /// `timeout` from now. Negative timeouts mean "already expired"; huge ones
    /// saturate instead of overflowing.
    @usableFromInline
    init(after timeout: Duration) {
        let now = cpts_monotonic_now_ns()
        let (seconds, attoseconds) = timeout.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) {
            self.nanoseconds = now
            return
        }
        let (wholeNanos, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let partNanos = UInt64(attoseconds / 1_000_000_000)
        guard !overflow else {
            self.nanoseconds = .max
            return
        }
        let (sum, sumOverflow) = now.addingReportingOverflow(wholeNanos &+ partNanos)
        self.nanoseconds = sumOverflow ? .max : sum
    }

    /// The same instant as `deadline` on the continuous clock, measured from now.
    @usableFromInline
    init(_ deadline: ContinuousClock.Instant) {
        self.init(after: deadline - ContinuousClock.now)
    }

    @usableFromInline
    var hasPassed: Bool { cpts_monotonic_now_ns() >= nanoseconds }

    @usableFromInline
    static func < (lhs: MonotonicDeadline, rhs: MonotonicDeadline) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }
}
