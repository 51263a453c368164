public import Logging
public import LoggingSink

/// A swift-log `LogHandler` that forwards every record into a ``LoggingSink/LogSink``,
/// so code written against swift-log ends up wherever the host routes the sink.
///
/// ```swift
/// let appLog = LogSink(label: "App", records: { print($0.formatted) })
/// LoggingSystem.bootstrap { label in SinkLogHandler(label: label, sink: appLog) }
/// Logger(label: "db").warning("slow query", metadata: ["ms": "840"])
/// // [db] warning: slow query {ms=840}
/// ```
///
/// The record's label is the `Logger`'s label; metadata (handler, provider
/// and per-call, in swift-log's precedence) arrives as strings.
public struct SinkLogHandler: LogHandler {
    /// The sink that receives the records.
    public let sink: LogSink
    /// The label of the `Logger` this handler serves.
    public let label: String

    /// The lowest level the `Logger` passes on (`.info` by default); the
    /// sink's own ``LoggingSink/LogSink/minimumLevel`` filters again.
    ///
    /// ```swift
    /// logger.logLevel = .debug
    /// ```
    public var logLevel: Logger.Level = .info

    /// Metadata added to every record this handler forwards.
    ///
    /// ```swift
    /// logger[metadataKey: "request"] = "42"
    /// ```
    public var metadata: Logger.Metadata = [:]

    /// Supplies contextual metadata (for example from task-locals) per record.
    ///
    /// ```swift
    /// SinkLogHandler(label: "db", sink: appLog, metadataProvider: .init { ["trace": "abc"] })
    /// ```
    public var metadataProvider: Logger.MetadataProvider?

    /// Creates a handler for the `Logger` labelled `label`.
    ///
    /// ```swift
    /// var logger = Logger(label: "db") { SinkLogHandler(label: $0, sink: appLog) }
    /// logger.logLevel = .debug
    /// ```
    public init(label: String, sink: LogSink, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.sink = sink
        self.metadataProvider = metadataProvider
    }

    /// One metadata value of this handler.
    ///
    /// ```swift
    /// logger[metadataKey: "conn"] = "7"
    /// ```
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Forwards `event` to the sink as a ``LoggingSink/LogRecord``; swift-log
    /// calls this, you do not.
    ///
    /// ```swift
    /// Logger(label: "db") { SinkLogHandler(label: $0, sink: appLog) }.info("up")
    /// ```
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() {
            merged.merge(provided) { _, new in new }
        }
        if let explicit = event.metadata {
            merged.merge(explicit) { _, new in new }
        }
        sink.emit(LogRecord(
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
