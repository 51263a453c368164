// Condition waits: block inside the lock until the guarded value reaches a
// state, then act on it without letting go of the lock in between.
//
// Built only on MutexCell's internal API: `wait(until:)` releases the lock,
// sleeps and re-acquires it; every `withLock` (and these methods, after their
// body) ends with `notifyWaitersAndUnlock()`, so any mutation made through the box
// wakes the waiters to re-check their predicates.

extension SafeBox where Value: ~Copyable {
    /// Waits until `condition` holds for the value, then calls `body` with
    /// exclusive access, without releasing the lock in between.
    ///
    /// While `condition` is false the thread sleeps with the lock released.
    /// Every change made through the box (`withLock`, `withLockIfAvailable`,
    /// or another condition wait's `body`) wakes it to evaluate `condition`
    /// again; it also re-checks after spurious wake-ups, so `body` only ever
    /// runs on a value for which `condition` just returned true.
    ///
    /// ```swift
    /// let jobs = SafeBox<[String]>([])
    ///
    /// // Consumer: sleeps until there is a job, then takes it.
    /// let next = jobs.withLock(when: { !$0.isEmpty }) { $0.removeFirst() }
    ///
    /// // Producer, on another thread: this append wakes the consumer.
    /// jobs.withLock { $0.append("resize image 42") }
    /// ```
    ///
    /// `condition` receives the value `inout sending` only so that the
    /// compiler can prove it does not leak the value out of the lock (a
    /// `borrowing` parameter would let it copy a class reference into a
    /// captured variable). It should only read the value: a change made by
    /// `condition` wakes no other waiter.
    ///
    /// - Note: The wait blocks the calling thread. In `async` code a long
    ///   wait ties up one of the few threads the concurrency runtime runs
    ///   tasks on; there, hand values over with an `AsyncStream` or a
    ///   continuation instead, or use the timed variants with a short limit.
    ///
    /// - Important: Waiting for a change that only the waiting thread could
    ///   make deadlocks. So does calling any of the box's methods from
    ///   `condition` or `body`, as with `withLock` (a box with the checked
    ///   policy stops with a message instead).
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        when condition: (inout sending Value) -> Bool,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        storage.lock.lock()
        var bodyRan = false
        defer {
            // Only `body` is expected to change the value; waking everybody
            // after a false condition would make two waiters wake each
            // other forever.
            if bodyRan { storage.lock.notifyWaitersAndUnlock() } else { storage.lock.unlock() }
        }
        while !storage.evaluate(condition) {
            _ = storage.lock.wait(until: nil)
        }
        bodyRan = true
        return try storage.withValue(body)
    }

    /// Waits until `condition` holds for the value, for at most `timeout`,
    /// then calls `body` with exclusive access; returns `nil` if the timeout
    /// passes first.
    ///
    /// The timeout covers both acquiring the lock and waiting for the
    /// condition, on the monotonic clock. A zero or negative timeout never
    /// waits: `body` runs if the lock is free and `condition` holds right
    /// now, as with ``withLockIfAvailable(_:)``.
    ///
    /// ```swift
    /// let replies = SafeBox<[Int: String]>([:])
    /// let reply = replies.withLock(when: { $0[7] != nil }, timeout: .seconds(2)) {
    ///     $0.removeValue(forKey: 7)
    /// }
    /// if reply == nil { print("request 7 timed out") }
    /// ```
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        when condition: (inout sending Value) -> Bool,
        timeout: Duration,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        try withLock(when: condition, until: MonotonicDeadline(after: timeout), body)
    }

    /// Waits until `condition` holds for the value, no later than
    /// `deadline`, then calls `body` with exclusive access; returns `nil` if
    /// the deadline passes first.
    ///
    /// ```swift
    /// let ready = SafeBox(false)
    /// let deadline = ContinuousClock.now + .seconds(5)
    /// guard ready.withLock(when: { $0 }, deadline: deadline, { _ in }) != nil else {
    ///     fatalError("service did not start within 5 s")
    /// }
    /// ```
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        when condition: (inout sending Value) -> Bool,
        deadline: ContinuousClock.Instant,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        try withLock(when: condition, until: MonotonicDeadline(deadline), body)
    }

    @usableFromInline
    borrowing func withLock<Result: ~Copyable, E: Error>(
        when condition: (inout sending Value) -> Bool,
        until deadline: MonotonicDeadline,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        // `lock(until:)` takes a free lock even past the deadline, so a zero
        // timeout still runs `body` when the condition holds right now.
        guard storage.lock.lock(until: deadline.nanoseconds) else { return nil }
        var bodyRan = false
        defer {
            if bodyRan { storage.lock.notifyWaitersAndUnlock() } else { storage.lock.unlock() }
        }
        while !storage.evaluate(condition) {
            guard storage.lock.wait(until: deadline.nanoseconds) else {
                // Timed out; the change may have landed right at the
                // deadline, and the lock is held again, so look once more.
                if storage.evaluate(condition) { break }
                return nil
            }
        }
        bodyRan = true
        return try storage.withValue(body)
    }
}
