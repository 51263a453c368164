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
    ]

    /// The report in `text`, or nil when nothing in it is recognised.
    public static func read(_ text: String) -> CrashReport? {
        let input = CrashText(text)
        for format in formats {
            guard var report = format.read(input) else { continue }
            if format.readsSurroundingConsoleLines {
                let console = ConsoleLines.messages(in: input.lines)
                for message in console where !report.messages.contains(message) { report.messages.append(message) }
                for signal in ConsoleLines.signals(in: console) where !report.signals.contains(signal) {
                    report.signals.append(signal)
                }
            }
            return report
        }
        return nil
    }
}
