import Foundation

/// Reads Apple's `.ips` crash reports (iOS 15 / macOS 12 and later): a
/// one-line JSON header (`bug_type` 309 for a crash), then the report as one
/// JSON object with `exception`, `termination`, `asi`, `faultingThread`,
/// `threads[].frames[]` (`imageIndex`, `imageOffset`, `symbol`,
/// `symbolLocation`, `sourceFile`, `sourceLine`) and `usedImages`.
///
/// A body that is not valid JSON (cut short, or hard-wrapped by an issue
/// tracker) is read again with its line breaks removed, and failing that,
/// leniently: the crashed thread's frames are picked out of the text.
///
/// ```swift
/// let report = AppleIPSParser.parse(lines)
/// report?.crashedThread?.frames.first?.symbol   // "_dispatch_assert_queue_fail"
/// ```
public enum AppleIPSParser {
    /// Whether `lines` start like an `.ips` file: a JSON header line with `bug_type`.
    ///
    /// ```swift
    /// AppleIPSParser.recognises(["{\"bug_type\":\"309\",\"os_version\":\"iPhone OS 18.0\"}", "{"])  // true
    /// ```
    public static func recognises(_ lines: [String]) -> Bool {
        guard let first = lines.first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return false }
        let text = first.drop { $0 == " " }
        return text.hasPrefix("{") && (text.contains("\"bug_type\"") || text.contains("\"incident_id\""))
    }

    /// The report, or nil when the lines are not an `.ips` file.
    public static func parse(_ lines: [String]) -> CrashReport? {
        guard recognises(lines), let headerIndex = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            return nil
        }
        var notes: [String] = []
        let bugType = AppleIPSBody.decode(lines[headerIndex])?.bugType?.description
        if let bugType, bugType != "309" {
            notes.append("bug_type \(bugType) is not a crash report (309 is)")
        }
        let bodyLines = lines[(headerIndex + 1)...]
        if let body = AppleIPSBody.decode(lines: bodyLines, separator: "\n") {
            return report(from: body, notes: notes)
        }
        if let body = AppleIPSBody.decode(lines: bodyLines, separator: "") {
            notes.append("the report's JSON had line breaks inside values (wrapped when pasted); read with them removed")
            return report(from: body, notes: notes)
        }
        notes.append("the report's JSON is incomplete or damaged; frames were picked out of the text leniently")
        return lenientReport(bodyLines.joined(), notes: notes)
    }

    private static func report(from body: AppleIPSBody, notes: [String]) -> CrashReport {
        var notes = notes
        let images = body.usedImages.map { image -> (name: String?, isSystem: Bool?) in
            let name = image.name ?? image.path.flatMap { $0.split(separator: "/").last.map(String.init) }
            return (name, image.path.map(RuntimeLibraries.isSystemPath))
        }
        var threads: [CrashThread] = []
        for (position, thread) in body.threads.enumerated() {
            let frames = thread.frames.enumerated().map { index, frame in
                makeFrame(index: index, frame, images: images)
            }
            threads.append(CrashThread(
                name: "Thread \(position)" + (thread.name.map { " \"\($0)\"" } ?? ""),
                queue: thread.queue,
                crashed: thread.triggered == true || body.faultingThread == position,
                frames: frames
            ))
        }
        if threads.isEmpty { notes.append("the report lists no threads") }
        var stop: [String] = []
        if let type = body.exception?.type {
            stop.append(type + (body.exception?.signal.map { " (\($0))" } ?? ""))
        }
        if let subtype = body.exception?.subtype { stop.append(subtype) }
        var messages: [String] = []
        if let termination = body.termination {
            let parts = [termination.namespace, termination.code, termination.indicator].compactMap { $0?.description }
            messages.append("Termination Reason: " + parts.joined(separator: " "))
            for reason in termination.reasons { messages.append("Termination Reason: \(reason)") }
        }
        // Application Specific Information: libdispatch's and the Swift
        // runtime's crash messages, keyed by the library that set them.
        for key in body.asi.keys.sorted() {
            for line in body.asi[key] ?? [] { messages.append(line) }
        }
        if body.lastExceptionBacktraceCount > 0 {
            messages.append("the report has a lastExceptionBacktrace (an uncaught Objective-C exception)")
        }
        let signals = StopSignals.names(in: (stop + messages.filter { $0.hasPrefix("Termination") }).joined(separator: " "))
        return CrashReport(format: .appleIPS, threads: threads, stopReason: stop.isEmpty ? nil : stop.joined(separator: ", "),
                           signals: signals, messages: messages, readingNotes: notes)
    }

    private static func makeFrame(index: Int, _ frame: AppleIPSBody.Frame, images: [(name: String?, isSystem: Bool?)]) -> StackFrame {
        let image = frame.imageIndex.flatMap { images.indices.contains($0) ? images[$0] : nil }
        let offset = frame.imageOffset.map { "+0x" + String($0, radix: 16) }
        return StackFrame(
            index: index, image: image?.name, symbol: frame.symbol,
            address: offset, file: frame.sourceFile.flatMap { $0.split(separator: "/").last.map(String.init) },
            line: frame.sourceLine, isSystem: image?.isSystem
        )
    }

    /// Picks the crashed thread's frames out of damaged JSON: from the
    /// thread marked `"triggered":true` (else the first thread), each
    /// `"symbol":"…"` up to the end of its `frames` array.
    private static func lenientReport(_ text: String, notes: [String]) -> CrashReport {
        // Nested objects in .ips files are written without spaces, so
        // `"triggered":true` and `"symbol":"` are found as written.
        let compact = text[...]
        let start = compact.range(of: "\"triggered\":true")?.lowerBound
            ?? compact.range(of: "\"threads\":[")?.upperBound ?? compact.startIndex
        var rest = compact[start...]
        if let frames = rest.range(of: "\"frames\":[") { rest = rest[frames.upperBound...] }
        var frames: [StackFrame] = []
        // Frames are `{…}` objects without nesting; the array ends at `]`.
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "]" }), rest[open] == "{" {
            let close = rest[open...].firstIndex(of: "}") ?? rest.endIndex
            let object = rest[open..<close]
            frames.append(StackFrame(index: frames.count, symbol: stringValue("symbol", in: object)))
            rest = close == rest.endIndex ? rest[close...] : rest[rest.index(after: close)...]
        }
        let exception = compact.range(of: "\"exception\"").map { compact[$0.upperBound...] }
        let exceptionType = exception.flatMap { stringValue("type", in: $0) }
        let signal = exception.flatMap { stringValue("signal", in: $0) }
        let stop = exceptionType.map { $0 + (signal.map { " (\($0))" } ?? "") }
        var messages: [String] = []
        if let asi = compact.range(of: "\"asi\""), let brace = compact[asi.upperBound...].firstIndex(of: "{") {
            var scan = compact[compact.index(after: brace)...]
            while let quote = scan.firstIndex(of: "\""), scan[..<quote].allSatisfy({ $0 != "}" }) {
                let value = scan[scan.index(after: quote)...].prefix { $0 != "\"" }
                if value.count > 20 { messages.append(String(value)) }
                scan = scan[scan.index(after: quote)...].dropFirst(value.count + 1)
            }
        }
        let threads = frames.isEmpty ? [] : [CrashThread(name: "crashed thread (read leniently)", crashed: true, frames: frames)]
        return CrashReport(format: .appleIPS, threads: threads, stopReason: stop,
                           signals: StopSignals.names(in: stop ?? ""), messages: messages, readingNotes: notes)
    }

    /// The string value of the first `"key":"…"` in `text` (spaces removed).
    private static func stringValue(_ key: String, in text: Substring) -> String? {
        guard let range = text.range(of: "\"\(key)\":\"") else { return nil }
        var value = ""
        var escaped = false
        for character in text[range.upperBound...] {
            if escaped { value.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "\"" { return value }
            value.append(character)
        }
        return value.isEmpty ? nil : value
    }
}

extension CrashReportFormat {
    /// An Apple `.ips` file: a one-line JSON header, then the report as JSON.
    public static let appleIPS = CrashReportFormat(rawValue: "apple-ips", title: "Apple .ips crash report (JSON)")
}

extension AppleIPSParser: CrashFormat {
    public static var format: CrashReportFormat { .appleIPS }
    public static let recognisedBy = "its first line is a JSON object with \"bug_type\" or \"incident_id\""
    public static let samples = [
        """
        {"bug_type":"309","os_version":"iPhone OS 18.0 (22A3354)","incident_id":"6A1B"}
        {"exception":{"type":"EXC_BREAKPOINT","signal":"SIGTRAP"},"faultingThread":0,\
        "threads":[{"triggered":true,"queue":"com.apple.root.default-qos","frames":[{"imageIndex":0,"imageOffset":4348,"symbol":"_dispatch_assert_queue_fail"}]}],\
        "usedImages":[{"name":"libdispatch.dylib","path":"/usr/lib/system/libdispatch.dylib"}]}
        """,
    ]
    /// A file the system wrote whole: nothing is pasted around it.
    public static let readsSurroundingConsoleLines = false
    public static func read(_ text: CrashText) -> CrashReport? { parse(text.unquotedLines) }
}
