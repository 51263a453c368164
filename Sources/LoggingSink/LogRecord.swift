/// One log message with everything known about it, as a record handler
/// receives it.
///
/// Text handlers (`@Sendable (String) -> Void`, the seed's shape) receive
/// only ``message``; install a record handler to see the level, the sink's
/// label and the source location too.
///
/// ```swift
/// Networking.log.install(records: { record in
///     print(record.formatted)  // "[Networking] warning: slow response"
/// })
/// ```
public struct LogRecord: Sendable, Hashable, CustomStringConvertible {
    /// The level the message was logged at. Plain `sink("…")` calls log at `.info`.
    public var level: LogLevel
    /// The label of the sink that delivered it (usually the library's name).
    public var label: String?
    /// The message text, exactly as logged.
    public var message: String
    /// Key-value context, e.g. forwarded swift-log metadata.
    public var metadata: [String: String]
    /// The file (`#fileID`) of the log call.
    public var file: String
    /// The function of the log call.
    public var function: String
    /// The line of the log call.
    public var line: UInt

    /// Creates a record; the bridges and tests use this, log calls build records for you.
    ///
    /// ```swift
    /// let record = LogRecord(level: .error, label: "Sync", message: "offline")
    /// ```
    public init(
        level: LogLevel,
        label: String? = nil,
        message: String,
        metadata: [String: String] = [:],
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        self.level = level
        self.label = label
        self.message = message
        self.metadata = metadata
        self.file = file
        self.function = function
        self.line = line
    }

    /// `[label] level: message {key=value, …}`, omitting the parts that are absent.
    ///
    /// ```swift
    /// print(LogRecord(level: .info, label: "Sync", message: "done").formatted)  // [Sync] info: done
    /// ```
    public var formatted: String {
        var text = ""
        if let label { text += "[\(label)] " }
        text += "\(level): \(message)"
        if !metadata.isEmpty {
            let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            text += " {\(pairs.joined(separator: ", "))}"
        }
        return text
    }

    /// Same as ``formatted``, so records print readably.
    ///
    /// ```swift
    /// print(record)  // [Sync] info: done
    /// ```
    public var description: String { formatted }
}
