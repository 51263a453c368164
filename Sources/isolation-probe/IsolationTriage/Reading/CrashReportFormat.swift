/// The kind of text a crash report arrived as: its name in triage's output.
/// Each ``CrashFormat`` declares its own.
///
/// ```swift
/// CrashReportFormat.lldb.title   // "lldb backtrace"
/// ```
public struct CrashReportFormat: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name in JSON output (`swift-backtrace`, `lldb`, `apple-ips` …).
    public var rawValue: String
    /// Human-readable name for reports.
    ///
    /// ```swift
    /// CrashReportFormat.appleIPS.title   // "Apple .ips crash report (JSON)"
    /// ```
    public var title: String

    /// Creates a format name.
    ///
    /// ```swift
    /// CrashReportFormat(rawValue: "lldb", title: "lldb backtrace")
    /// ```
    public init(rawValue: String, title: String) {
        self.rawValue = rawValue
        self.title = title
    }

    /// Every format triage reads, in the order they are tried.
    ///
    /// ```swift
    /// CrashReportFormat.allCases.last   // .console
    /// ```
    public static var allCases: [CrashReportFormat] { CrashReportReader.formats.map { $0.format } }

    public var description: String { rawValue }

    /// Decodes the name a ``CrashReportFormat/rawValue`` was encoded as.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let known = Self.allCases.first(where: { $0.rawValue == name }) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "no crash report format is named \(name)")
        }
        self = known
    }

    /// Encodes the format as its name alone, as the JSON output shows it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// One input format triage reads: how it is named, how it recognises its
/// text, what it reads out of it, and sample texts it must recognise (one
/// test reads every format's samples). Adding a format is one file in
/// `Formats/` conforming to this and one line in ``CrashReportReader/formats``.
///
/// A format only reports what the text says (threads, frames, signals,
/// messages, reading notes); the verdict is the classifier's, from that
/// evidence alone.
///
/// ```swift
/// LLDBBacktraceParser.format.title                 // "lldb backtrace"
/// LLDBBacktraceParser.read(CrashText(sample))?.threads.count
/// ```
public protocol CrashFormat: Sendable {
    /// The format's name in triage's output.
    static var format: CrashReportFormat { get }
    /// One sentence: what in a text makes this format claim it.
    static var recognisedBy: String { get }
    /// Texts (or fragments) this format recognises and reads at least one
    /// frame, message or signal from; the format tests read each.
    static var samples: [String] { get }
    /// Whether the console lines around the report (`Fatal error: …`, the
    /// shell's `Illegal instruction`) are added to what it read: true for
    /// pasted text, false for a file the system wrote whole.
    static var readsSurroundingConsoleLines: Bool { get }
    /// The report in `text`, or nil when `text` is not in this format.
    static func read(_ text: CrashText) -> CrashReport?
}

/// A report's text as the formats read it: the text itself, its lines with
/// quoting and indentation undone, those lines with wrapped frames joined
/// again, and the console messages among them; each computed once, when a
/// format first asks.
///
/// ```swift
/// let text = CrashText("> frame #0: 0x1 libdispatch.so`dispatch_assert_queue")
/// text.unquotedLines   // ["frame #0: 0x1 libdispatch.so`dispatch_assert_queue"]
/// ```
public final class CrashText {
    /// The text as it arrived.
    public let text: String
    /// Lines with quoting (`> `), colour codes and common indentation removed.
    public private(set) lazy var unquotedLines: [String] = PastedText.unquotedLines(of: text)
    /// ``unquotedLines`` with frame lines wrapped by a mail client or issue
    /// tracker joined again.
    public private(set) lazy var lines: [String] = PastedText.rejoinWrappedFrames(PastedText.joiningFieldPerLineFrames(unquotedLines))
    /// The message lines of ``lines`` (``ConsoleLines/messages(in:)``): the
    /// console format and every format that adds the lines around its
    /// report read the same ones.
    public private(set) lazy var consoleMessages: [String] = ConsoleLines.messages(in: lines)

    /// Wraps `text` for the formats to read.
    ///
    /// ```swift
    /// CrashText("Fatal error: Index out of range").lines.count   // 1
    /// ```
    public init(_ text: String) {
        self.text = text
    }
}
