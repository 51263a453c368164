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

    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
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

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

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
