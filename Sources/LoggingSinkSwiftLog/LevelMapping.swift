public import Logging
public import LoggingSink

extension LogLevel {
    /// The swift-log level with the same name.
    ///
    /// ```swift
    /// print(LogLevel.warning.swiftLogLevel)  // warning
    /// ```
    public var swiftLogLevel: Logger.Level {
        switch self {
        case .trace: .trace
        case .debug: .debug
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        case .critical: .critical
        }
    }

    /// The LoggingSink level with the same name as a swift-log level.
    ///
    /// ```swift
    /// print(LogLevel(Logger.Level.error))  // error
    /// ```
    public init(_ level: Logger.Level) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        }
    }
}
