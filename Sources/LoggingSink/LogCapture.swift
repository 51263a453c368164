import SafeBox

/// Collects log records in memory; pair it with ``LogSink/withSink(_:isolation:_:)-(LogCapture,_,_)``
/// in tests, or install ``recordHandler`` directly.
///
/// ```swift
/// let capture = LogCapture()
/// await Networking.log.withSink(capture) { await client.fetch(url) }
/// #expect(capture.messages == ["connected", "fetched 3 items"])
/// ```
public final class LogCapture: Sendable {
    private let storage = SafeBox<[LogRecord]>([])

    /// Creates an empty capture.
    ///
    /// ```swift
    /// let capture = LogCapture()
    /// ```
    public init() {}

    /// Every record captured so far, in arrival order.
    ///
    /// ```swift
    /// #expect(capture.records.allSatisfy { $0.level < .error })
    /// ```
    public var records: [LogRecord] { storage.withLock { $0 } }

    /// The message text of every record captured so far.
    ///
    /// ```swift
    /// #expect(capture.messages.last == "done")
    /// ```
    public var messages: [String] { records.map(\.message) }

    /// A text handler that appends to this capture (level `.info`).
    ///
    /// ```swift
    /// log.install(capture.handler)
    /// ```
    public var handler: @Sendable (String) -> Void {
        { [self] message in
            let record = LogRecord(level: .info, message: message, file: "", function: "", line: 0)
            self.storage.withLock { $0.append(record) }
        }
    }

    /// A record handler that appends to this capture.
    ///
    /// ```swift
    /// log.install(records: capture.recordHandler)
    /// ```
    public var recordHandler: @Sendable (LogRecord) -> Void {
        { [self] record in self.storage.withLock { $0.append(record) } }
    }

    /// Empties the capture.
    ///
    /// ```swift
    /// capture.removeAll()
    /// ```
    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}
