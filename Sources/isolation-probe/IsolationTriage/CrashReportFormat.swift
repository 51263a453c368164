/// The kind of text a crash report arrived as.
///
/// ```swift
/// CrashReportFormat.lldb.title   // "lldb backtrace"
/// ```
public enum CrashReportFormat: String, Sendable, Codable, CaseIterable {
    /// The Swift runtime's backtracer on Linux (`*** Program crashed: … ***`),
    /// or a sanitizer's `#N` frames.
    case swiftBacktrace = "swift-backtrace"
    /// lldb's `bt` / `thread backtrace all`.
    case lldb
    /// An Apple `.ips` file: a one-line JSON header, then the report as JSON.
    case appleIPS = "apple-ips"
    /// An Apple crash report in the classic text form (`.crash`, Xcode Organizer).
    case appleCrash = "apple-crash"
    /// Log or console lines with no backtrace.
    case console

    /// Human-readable name for reports.
    ///
    /// ```swift
    /// CrashReportFormat.appleIPS.title   // "Apple .ips crash report (JSON)"
    /// ```
    public var title: String {
        switch self {
        case .swiftBacktrace: "Swift runtime backtrace"
        case .lldb: "lldb backtrace"
        case .appleIPS: "Apple .ips crash report (JSON)"
        case .appleCrash: "Apple crash report (text)"
        case .console: "console output"
        }
    }
}
