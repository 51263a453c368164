/// Recognises which format a text is in and reads it with that parser,
/// adding the console lines around the report.
///
/// Formats are tried from the most to the least specific: `.ips` (its JSON
/// header), lldb (`frame #N:`), the Swift backtracer (`Program crashed:`,
/// `Thread N crashed:`, sanitizer `#N` frames), Apple's text report, and
/// last plain console lines.
///
/// ```swift
/// let report = CrashReportReader.read("* thread #1, stop reason = signal SIGILL\n  frame #0: 0x1 libdispatch.so`dispatch_assert_queue")
/// report?.format   // .lldb
/// ```
public enum CrashReportReader {
    /// The report in `text`, or nil when nothing in it is recognised.
    public static func read(_ text: String) -> CrashReport? {
        let lines = PastedText.unquotedLines(of: text)
        if let report = AppleIPSParser.parse(lines) { return report }
        let joined = PastedText.rejoinWrappedFrames(lines)
        let parsers: [([String]) -> CrashReport?] = [
            { LLDBBacktraceParser.recognises($0) ? LLDBBacktraceParser.parse($0) : nil },
            { SwiftBacktraceParser.recognises($0) ? SwiftBacktraceParser.parse($0) : nil },
            { AppleCrashTextParser.recognises($0) ? AppleCrashTextParser.parse($0) : nil },
        ]
        let console = ConsoleLines.messages(in: joined)
        for parser in parsers {
            guard var report = parser(joined) else { continue }
            for message in console where !report.messages.contains(message) { report.messages.append(message) }
            for signal in ConsoleLines.signals(in: console) where !report.signals.contains(signal) {
                report.signals.append(signal)
            }
            return report
        }
        return ConsoleLines.parse(joined)
    }
}
