internal import CLoggingSinkSupport
import Synchronization

/// Task-local handler overrides, so tests that run in parallel each see
/// their own messages without touching the globally installed handler.
enum ScopedSinks {
    final class Override: Sendable {
        /// The overridden sink's ``LogSink/identity`` (never 0).
        let sink: UInt
        let handler: Handler
        let next: Override?

        init(sink: UInt, handler: Handler, next: Override?) {
            self.sink = sink
            self.handler = handler
            self.next = next
        }
    }

    @TaskLocal static var overrides: Override?

    /// `identity`'s value, assigned on first use. Several threads may race
    /// to assign; the compare-exchange lets exactly one win and everyone
    /// uses the winner's number (a losing number is simply never used).
    static func assignedIdentity(_ identity: borrowing Atomic<UInt>) -> UInt {
        let existing = identity.load(ordering: .acquiring)
        if existing != 0 { return existing }
        let fresh = nextIdentity.wrappingAdd(1, ordering: .relaxed).oldValue
        let (exchanged, original) = identity.compareExchange(
            expected: 0, desired: fresh, ordering: .acquiringAndReleasing
        )
        return exchanged ? fresh : original
    }

    /// The source of sink identities. Starts at 1: 0 means "never
    /// overridden". A 64-bit counter does not wrap in practice, so an
    /// identity is never reused, even after its sink is gone (an address
    /// would be: a new sink may live where an old one did).
    static let nextIdentity = Atomic<UInt>(1)

    /// The innermost override for the sink with `identity` in the current
    /// task, if any. Only called while some override exists in the process.
    static func handler(for identity: borrowing Atomic<UInt>) -> Handler? {
        let id = identity.load(ordering: .acquiring)
        // A sink never given an identity has never been overridden.
        if id == 0 { return nil }
        var node = overrides
        while let override = node {
            if override.sink == id { return override.handler }
            node = override.next
        }
        return nil
    }

    /// Counts overrides in effect so that log calls skip the task-local
    /// lookup entirely while there are none (the normal case in an app).
    static func counting<R>(_ body: () throws -> R) rethrows -> R {
        lsk_scoped_overrides_add(1)
        defer { lsk_scoped_overrides_add(-1) }
        return try body()
    }

    static func counting<R>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> R
    ) async rethrows -> R {
        lsk_scoped_overrides_add(1)
        defer { lsk_scoped_overrides_add(-1) }
        return try await body()
    }
}

extension LogSink {
    /// Runs `operation` with this sink's messages going to `handler`
    /// instead of the installed handler, for the current task and the child
    /// tasks it creates.
    ///
    /// Other tasks and threads keep logging to the installed handler, so
    /// tests running in parallel can each capture their own messages.
    /// Work the operation sends to other threads outside Swift concurrency
    /// (a `DispatchQueue`, a `Thread`) does not inherit the override.
    ///
    /// ```swift
    /// @Test func reportsRetries() async {
    ///     let capture = LogCapture()
    ///     await Networking.log.withSink(capture.handler) {
    ///         await client.fetch(flakyURL)
    ///     }
    ///     #expect(capture.messages.contains("retrying"))
    /// }
    /// ```
    public func withSink<R>(
        _ handler: @escaping @Sendable (String) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> R
    ) async rethrows -> R {
        try await scoped(Handler(text: handler), isolation: isolation, operation)
    }

    /// The synchronous form of ``withSink(_:isolation:_:)-((String)->Void,_,_)``.
    ///
    /// ```swift
    /// let capture = LogCapture()
    /// Networking.log.withSink(capture.handler) { Networking.log("parsed 3 rows") }
    /// print(capture.messages)  // ["parsed 3 rows"]
    /// ```
    public func withSink<R>(_ handler: @escaping @Sendable (String) -> Void, _ operation: () throws -> R) rethrows -> R {
        let entry = override(with: Handler(text: handler))
        return try ScopedSinks.counting {
            try ScopedSinks.$overrides.withValue(entry, operation: operation)
        }
    }

    /// Like ``withSink(_:isolation:_:)-((String)->Void,_,_)`` but delivers full records.
    ///
    /// ```swift
    /// await log.withSink(records: capture.recordHandler) { await sync() }
    /// ```
    @_disfavoredOverload
    public func withSink<R>(
        records handler: @escaping @Sendable (LogRecord) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> R
    ) async rethrows -> R {
        try await scoped(Handler(records: handler), isolation: isolation, operation)
    }

    /// Runs `operation` with this sink's messages going into `capture`.
    ///
    /// ```swift
    /// let capture = LogCapture()
    /// await log.withSink(capture) { await sync() }
    /// #expect(capture.records.map(\.level) == [.info])
    /// ```
    public func withSink<R>(
        _ capture: LogCapture,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> R
    ) async rethrows -> R {
        try await scoped(Handler(records: capture.recordHandler), isolation: isolation, operation)
    }

    private func scoped<R>(
        _ handler: Handler,
        isolation: isolated (any Actor)?,
        _ operation: () async throws -> R
    ) async rethrows -> R {
        let entry = override(with: handler)
        return try await ScopedSinks.counting(isolation: isolation) {
            try await ScopedSinks.$overrides.withValue(entry, operation: operation, isolation: isolation)
        }
    }

    /// This sink's override to `handler`, in front of the task's current ones.
    private func override(with handler: Handler) -> ScopedSinks.Override {
        ScopedSinks.Override(sink: ScopedSinks.assignedIdentity(identity), handler: handler, next: ScopedSinks.overrides)
    }
}
