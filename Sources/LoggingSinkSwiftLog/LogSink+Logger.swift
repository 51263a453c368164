public import Logging
public import LoggingSink

extension LogSink {
    /// Routes this sink into a swift-log `Logger`: every message becomes a
    /// log event at its own level, with the sink's label as the event's
    /// `source` and the record's metadata as string metadata.
    ///
    /// ```swift
    /// // In an app that already uses swift-log:
    /// Networking.log.route(to: Logger(label: "app.networking"))
    /// ```
    ///
    /// - Important: Do not route a sink into a `Logger` whose handler
    ///   forwards back into the same sink (``SinkLogHandler``): each message
    ///   would loop forever.
    public func route(to logger: Logger) {
        install(records: { record in
            var metadata: Logger.Metadata?
            if !record.metadata.isEmpty {
                metadata = record.metadata.mapValues { .string($0) }
            }
            logger.log(
                level: record.level.swiftLogLevel,
                "\(record.message)",
                metadata: metadata,
                source: record.label,
                file: record.file,
                function: record.function,
                line: record.line
            )
        })
    }
}
