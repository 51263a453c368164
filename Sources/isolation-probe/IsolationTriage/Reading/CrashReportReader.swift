/// Reads a text with the first of ``formats`` that recognises it, adding
/// the console lines around the report.
///
/// Formats are tried in the order of ``formats``, from the most to the least
/// specific (plain console lines last); each says in its own file what it
/// recognises.
///
/// ```swift
/// let report = CrashReportReader.read("* thread #1, stop reason = signal SIGILL\n  frame #0: 0x1 libdispatch.so`dispatch_assert_queue")
/// report?.format   // .lldb
/// ```
public enum CrashReportReader {
    /// Every format triage reads, in the order they are tried; each is one
    /// file in `Formats/`.
    public static let formats: [any CrashFormat.Type] = [
        AppleIPSParser.self,
        SwiftRuntimeJSONParser.self,
        LLDBBacktraceParser.self,
        SwiftBacktraceParser.self,
        AppleCrashTextParser.self,
        ConsoleLines.self,
        TolerantReader.self,
    ]

    /// The report in `text`, or nil when nothing in it is recognised.
    ///
    /// When the format that claims the text reads no frames (a header
    /// pasted with address-less frames, console lines with a stack or prose
    /// beside them), ``TolerantReader`` reads the text too and its
    /// frames, signals and messages are added, with a note saying so.
    public static func read(_ text: String) -> CrashReport? {
        let input = CrashText(text)
        // A source file quotes messages and names functions; it printed nothing.
        if isSourceFile(input.lines) { return nil }
        for format in formats {
            guard var report = format.read(input) else { continue }
            if format.readsSurroundingConsoleLines { addConsoleLines(input, to: &report) }
            // Read once, when a format that is not the tolerant reader leaves frames or signals to it.
            lazy var tolerant = format.format == .fragment ? nil : TolerantReader.read(input)
            if report.threads.allSatisfy({ $0.frames.isEmpty }), let tolerant {
                merge(tolerant, into: &report)
            }
            // A signal named in a header line (`Exception Type: EXC_BAD_ACCESS`) counts whichever format read the frames.
            if report.signals.isEmpty, let tolerant {
                report.signals = tolerant.signals
            }
            report.saysItHangs = HangWords.occur(in: input.lines)
            return report
        }
        return nil
    }

    private static func addConsoleLines(_ input: CrashText, to report: inout CrashReport) {
        let console = input.consoleMessages
        for message in console where !report.messages.contains(message) { report.messages.append(message) }
        for signal in ConsoleLines.signals(in: console) where !report.signals.contains(signal) {
            report.signals.append(signal)
        }
    }

    /// Adds what the tolerant reader found to a report another format read
    /// without a crashed thread's frames: its threads' frames (into the
    /// report's crashed thread when it has one), signals, messages and
    /// mentions of code.
    static func merge(_ tolerant: CrashReport, into report: inout CrashReport) {
        let frames = tolerant.crashedThread?.frames ?? tolerant.threads.first { !$0.frames.isEmpty }?.frames ?? []
        if !frames.isEmpty {
            if let index = report.threads.firstIndex(where: { $0.crashed && $0.frames.isEmpty })
                ?? (report.threads.count == 1 && report.threads[0].frames.isEmpty ? 0 : nil) {
                report.threads[index].frames = frames
            } else if let thread = tolerant.crashedThread ?? tolerant.threads.first {
                report.threads.insert(CrashThread(name: thread.name, queue: thread.queue, crashed: thread.crashed, frames: frames), at: 0)
                report.crashMarkIsInferred = tolerant.crashMarkIsInferred
            }
            report.readingNotes.append("the frames were read line by line (\(tolerant.completeness ?? "fragment"))")
        }
        for signal in tolerant.signals where !report.signals.contains(signal) { report.signals.append(signal) }
        for message in tolerant.messages where !report.messages.contains(message) { report.messages.append(message) }
        report.mentionedCode += tolerant.mentionedCode
        if report.completeness == nil, frames.isEmpty { report.completeness = tolerant.completeness }
    }

    /// Whether the lines are a source file rather than output: it opens
    /// with a comment, an import or an include, and most of its lines end
    /// as code does (`{`, `}`, `;`, `,`, `)`) or are comments.
    ///
    /// ```swift
    /// CrashReportReader.isSourceFile(["import Foundation", "", "func f() {", "    g()", "}"])   // true
    /// ```
    static func isSourceFile(_ lines: [String]) -> Bool {
        let code = lines.lazy.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let first = code.first,
              ["//", "/*", "import ", "#include", "#import", "@testable import", "package "].contains(where: { first.hasPrefix($0) }) else { return false }
        let sample = Array(code.prefix(400))
        guard sample.count >= 8 else { return false }
        let codeLike = sample.filter { line in
            line.hasPrefix("//") || line.hasPrefix("*") || line.hasPrefix("/*") || line.hasPrefix("import ") || line.hasPrefix("#")
                || ["{", "}", ";", ",", ")", "]", "(", "in"].contains { line.hasSuffix($0) }
        }
        return codeLike.count * 2 > sample.count
    }

    /// Lines that open a crash report; a second opener of the same kind
    /// starts another crash (two pastes in one comment, a CI log with two
    /// crashes).
    static let reportOpeners = ["Incident Identifier:", "*** Program crashed:", "Exception Type:"]

    /// `text` cut before each line that opens a second report of a kind
    /// already seen; the whole text when it holds one crash.
    ///
    /// ```swift
    /// CrashReportReader.crashes(in: "Exception Type: EXC_BAD_ACCESS\nException Type: EXC_CRASH").count   // 2
    /// ```
    public static func crashes(in text: String) -> [String] {
        var pieces: [String] = []
        var current: [Substring] = []
        var seen: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == ">" || $0 == "`" }
            if let opener = reportOpeners.first(where: { trimmed.hasPrefix($0) }) {
                if seen.contains(opener) {
                    pieces.append(current.joined(separator: "\n"))
                    current = []
                    seen = []
                }
                seen.insert(opener)
            }
            current.append(line)
        }
        pieces.append(current.joined(separator: "\n"))
        return pieces.count > 1 ? pieces.filter { !$0.allSatisfy(\.isWhitespace) } : [text]
    }
}
