public import Logging
public import LoggingSink

/// A swift-log `LogHandler` that forwards every record into a `LogSink`,
/// so code written against swift-log ends up wherever the host routes the sink.
///
/// ```swift
/// enum AppLog {
///     static let log = LogSink(label: "App")
/// }
/// AppLog.log.install(records: { print($0.formatted) })
/// LoggingSystem.bootstrap { label in
///     SinkLogHandler(label: label) { AppLog.log.emit($0) }
/// }
/// Logger(label: "db").warning("slow query", metadata: ["ms": "840"])
/// // [db] warning: slow query {ms=840}
/// ```
///
/// The handler takes a function that emits into the sink rather than the
/// sink itself: a `LogSink` is noncopyable (it has one identity, like
/// `Atomic`), and a swift-log `LogHandler` is copied with every `Logger`.
/// A closure that names a `static let` sink captures nothing.
///
/// The record's label is the `Logger`'s label; metadata (handler, provider
/// and per-call, in swift-log's precedence) arrives as strings.
public struct SinkLogHandler: LogHandler {
    /// Where records go: usually `{ someSink.emit($0) }`, which applies the
    /// sink's own minimum level.
    ///
    /// ```swift
    /// let handler = SinkLogHandler(label: "db") { AppLog.log.emit($0) }
    /// handler.emit(LogRecord(level: .info, label: "db", message: "up"))
    /// ```
    public let emit: @Sendable (LogRecord) -> Void
    /// The label of the `Logger` this handler serves.
    public let label: String

    /// The lowest level the `Logger` passes on (`.info` by default); the
    /// sink's own `LogSink.minimumLevel` filters again.
    ///
    /// ```swift
    /// var logger = Logger(label: "db") { SinkLogHandler(label: $0) { AppLog.log.emit($0) } }
    /// logger.logLevel = .debug
    /// ```
    public var logLevel: Logger.Level = .info

    /// Metadata added to every record this handler forwards.
    ///
    /// ```swift
    /// var logger = Logger(label: "db") { SinkLogHandler(label: $0) { AppLog.log.emit($0) } }
    /// logger[metadataKey: "request"] = "42"
    /// ```
    public var metadata: Logger.Metadata = [:]

    /// Supplies contextual metadata (for example from task-locals) per record.
    ///
    /// ```swift
    /// let handler = SinkLogHandler(label: "db", metadataProvider: .init { ["trace": "abc"] }) {
    ///     AppLog.log.emit($0)
    /// }
    /// ```
    public var metadataProvider: Logger.MetadataProvider?

    /// Creates a handler for the `Logger` labelled `label` that hands each
    /// record to `emit`, normally a sink's `LogSink.emit(_:)`.
    ///
    /// ```swift
    /// var logger = Logger(label: "db") { label in
    ///     SinkLogHandler(label: label) { AppLog.log.emit($0) }
    /// }
    /// logger.logLevel = .debug
    /// ```
    public init(
        label: String,
        metadataProvider: Logger.MetadataProvider? = nil,
        forwardingTo emit: @escaping @Sendable (LogRecord) -> Void
    ) {
        self.label = label
        self.emit = emit
        self.metadataProvider = metadataProvider
    }

    /// One metadata value of this handler.
    ///
    /// ```swift
    /// var logger = Logger(label: "db") { SinkLogHandler(label: $0) { AppLog.log.emit($0) } }
    /// logger[metadataKey: "conn"] = "7"
    /// ```
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Forwards `event` to the sink as a `LogRecord`; swift-log
    /// calls this, you do not.
    ///
    /// ```swift
    /// Logger(label: "db") { SinkLogHandler(label: $0) { AppLog.log.emit($0) } }.info("up")
    /// ```
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() {
            merged.merge(provided) { _, new in new }
        }
        if let explicit = event.metadata {
            merged.merge(explicit) { _, new in new }
        }
        emit(LogRecord(
            level: LogLevel(event.level),
            label: label,
            message: event.message.description,
            metadata: merged.mapValues { "\($0)" },
            file: event.file,
            function: event.function,
            line: event.line
        ))
    }
}
