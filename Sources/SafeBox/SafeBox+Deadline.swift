// Timed acquisition: what `Mutex` lacks and a pthread box gets from
// pthread_mutex_clocklock. The lock engine parks with an absolute
// CLOCK_MONOTONIC deadline, so wall-clock changes never stretch a wait.
//
// Convention, shared by every timed entry point in SafeBox: the result is
// optional, and `nil` means the deadline passed before the lock was free
// (mirroring `withLockIfAvailable`). `body` never runs in that case.

extension SafeBox where Value: ~Copyable {
    /// Calls `body` with exclusive access to the value if the lock can be
    /// taken within `timeout`, and returns `nil` without running `body` if
    /// it cannot.
    ///
    /// The signature is `withLock`'s: `inout sending` value, `sending`
    /// result, typed throws, noncopyable values and results. A zero or
    /// negative timeout tries once, like ``withLockIfAvailable(_:)``.
    ///
    /// ```swift
    /// let jobs = SafeBox<[String]>([])
    /// if let count = jobs.withLock(timeout: .milliseconds(50), { $0.count }) {
    ///     print("\(count) jobs queued")
    /// } else {
    ///     print("queue busy for 50 ms; giving up")
    /// }
    /// ```
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        timeout: Duration,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        try withLock(until: MonotonicDeadline(after: timeout), body)
    }

    /// Calls `body` with exclusive access to the value if the lock can be
    /// taken before `deadline`, and returns `nil` without running `body` if
    /// it cannot.
    ///
    /// Use a deadline rather than a timeout when several steps share one
    /// time budget.
    ///
    /// ```swift
    /// let state = SafeBox((reads: 0, writes: 0))
    /// let deadline = ContinuousClock.now + .seconds(1)
    /// let reads = state.withLock(deadline: deadline) { $0.reads }
    /// let writes = state.withLock(deadline: deadline) { $0.writes }
    /// ```
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        deadline: ContinuousClock.Instant,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        try withLock(until: MonotonicDeadline(deadline), body)
    }

    /// The one implementation behind both timed entry points.
    @usableFromInline
    borrowing func withLock<Result: ~Copyable, E: Error>(
        until deadline: MonotonicDeadline,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        // `lock(until:)` takes a free lock even past the deadline.
        guard storage.lock.lock(until: deadline.nanoseconds) else { return nil }
        defer { storage.lock.notifyWaitersAndUnlock() }
        return try storage.withValue(body)
    }
}
