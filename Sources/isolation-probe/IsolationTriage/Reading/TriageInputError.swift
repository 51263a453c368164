/// Why an input could not be triaged at all (as opposed to triaged with the
/// verdict `unknown`).
///
/// ```swift
/// do { _ = try PastedText.decode(Data(), source: "crash.txt") }
/// catch { print(error) }   // "crash.txt: empty input: nothing to triage"
/// ```
public enum TriageInputError: Error, CustomStringConvertible, Hashable, Sendable {
    /// No bytes, or only whitespace.
    case empty(source: String)
    /// The bytes are not text (NUL or control bytes, invalid UTF-8).
    case binary(source: String, detail: String)
    /// Larger than ``PastedText/maximumBytes``.
    case tooLarge(source: String, bytes: Int, limit: Int)
    /// The file could not be opened or read.
    case unreadable(source: String, reason: String)
    /// Reading the report took longer than ``CrashTriage/timeLimit``.
    case overTimeLimit(source: String, seconds: Double)

    /// The file name or `<stdin>` the error is about.
    ///
    /// ```swift
    /// TriageInputError.empty(source: "a.ips").source   // "a.ips"
    /// ```
    public var source: String {
        switch self {
        case .empty(let source), .binary(let source, _), .tooLarge(let source, _, _), .unreadable(let source, _),
             .overTimeLimit(let source, _):
            source
        }
    }

    public var description: String {
        switch self {
        case .empty(let source):
            "\(source): empty input: nothing to triage"
        case .binary(let source, let detail):
            "\(source): not a text crash report (\(detail)); pass the report's text (.ips, .crash, lldb or backtracer output), not a core dump or binary"
        case .tooLarge(let source, let bytes, let limit):
            "\(source): \(Self.size(bytes)) is more than triage reads (\(Self.size(limit))); cut the crash out of the log (e.g. from '*** Program crashed' or 'Exception Type:' on)"
        case .unreadable(let source, let reason):
            "\(source): cannot read: \(reason)"
        case .overTimeLimit(let source, let seconds):
            "\(source): reading the report took longer than triage's limit of \(seconds.formatted()) s per report (--time-limit); skipped"
        }
    }

    /// `70 MiB` for whole mebibytes, else the exact count: rounding down
    /// made one byte over the limit read "64 MiB is more than … (64 MiB)".
    private static func size(_ bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MiB" : "\(bytes) bytes"
    }
}
