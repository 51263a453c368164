/// How important a log message is, from the chattiest to the most severe.
///
/// The levels are those of apple/swift-log, so the bridge in
/// `LoggingSinkSwiftLog` maps them one to one.
///
/// ```swift
/// let log = LogSink(label: "Downloads", minimumLevel: .notice)
/// log.debug("cache miss for \(url)")   // filtered out, never formatted
/// log.warning("retrying \(url)")        // delivered
/// ```
public enum LogLevel: UInt8, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    case trace
    case debug
    case info
    case notice
    case warning
    case error
    case critical

    /// Orders levels by severity.
    ///
    /// ```swift
    /// print(LogLevel.debug < .warning)  // true
    /// ```
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The level's name in lower case, e.g. `"warning"`.
    ///
    /// ```swift
    /// print(LogLevel.notice)  // notice
    /// ```
    public var description: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        case .critical: "critical"
        }
    }
}
