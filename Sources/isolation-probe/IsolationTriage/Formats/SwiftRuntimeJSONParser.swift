import Foundation

/// Reads the crash file the Swift runtime's backtracer writes as JSON
/// (Swift 6.1 and later, `SWIFT_BACKTRACE=enable=yes,format=json,output-to=DIR`
/// writes `DIR/crash-PID-….json`): one JSON object with `kind:
/// "crashReport"`, `description`, `faultAddress`, `platform`, and
/// `threads[]` with `crashed` and `frames[]` (`kind`, `address`, `symbol`,
/// `description`, `image`, `sourceLocation`).
///
/// A file that is recognisably one (it opens with `{` and says
/// `"crashReport"`) but is not valid JSON, say one cut short while the
/// runtime wrote it, is read as a report with no threads and a note saying
/// what is wrong.
///
/// ```swift
/// let report = SwiftRuntimeJSONParser.read(CrashText(try String(contentsOfFile: "crash-4242-0.json")))
/// report?.crashedThread?.frames.first?.symbol   // "_dispatch_assert_queue_fail"
/// ```
public enum SwiftRuntimeJSONParser {
    /// Whether `text` opens like the runtime's JSON crash file.
    ///
    /// ```swift
    /// SwiftRuntimeJSONParser.recognises(#"{ "timestamp": "2026-11-24T20:43:56Z", "kind": "crashReport" }"#)  // true
    /// ```
    public static func recognises(_ text: String) -> Bool {
        let opening = text.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") }
        guard opening.first == UInt8(ascii: "{") else { return false }
        let head = String(decoding: opening.prefix(1024), as: UTF8.self)
        return head.contains("\"kind\"") && head.contains("\"crashReport\"")
    }

    /// The report in `text`, or nil when `text` is not a JSON crash file.
    public static func parse(_ text: String) -> CrashReport? {
        guard recognises(text) else { return nil }
        let body: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                return CrashReport(format: .swiftRuntimeJSON, readingNotes: ["the JSON crash file is not a JSON object"])
            }
            body = object
        } catch {
            let reason = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")
                .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            return CrashReport(format: .swiftRuntimeJSON, readingNotes: [
                "the JSON crash file is not valid JSON (\(reason)); it may have been cut short while the runtime wrote it",
            ])
        }
        var notes: [String] = []
        var threads: [CrashThread] = []
        // With `threads=crashed` only the crashed thread is listed, and its
        // number is not given.
        let omittedThreads = body["omittedThreads"] as? Int
        if let omittedThreads { notes.append("the crash file leaves out \(omittedThreads) other thread(s)") }
        for (position, thread) in (body["threads"] as? [[String: Any]] ?? []).enumerated() {
            var frames: [StackFrame] = []
            for frame in thread["frames"] as? [[String: Any]] ?? [] {
                switch frame["kind"] as? String {
                case "omittedFrames":
                    let count = frame["count"] as? Int ?? 0
                    notes.append("the backtrace skips frames (\(count) frames omitted)")
                case "truncated":
                    continue
                default:
                    frames.append(makeFrame(index: frames.count, frame))
                }
            }
            let name = thread["name"] as? String
            let number = omittedThreads == nil ? "Thread \(position)" : "crashed thread"
            threads.append(CrashThread(name: number + (name.map { " \"\($0)\"" } ?? ""),
                                       crashed: thread["crashed"] as? Bool == true, frames: frames))
        }
        if threads.isEmpty { notes.append("the JSON crash file lists no threads") }
        let description = body["description"] as? String
        let stop = description.map { $0 + ((body["faultAddress"] as? String).map { " at \($0)" } ?? "") }
        return CrashReport(format: .swiftRuntimeJSON, threads: threads, stopReason: stop,
                           signals: description.map(StopSignals.names(in:)) ?? [],
                           readingNotes: notes, platform: body["platform"] as? String)
    }

    /// One entry of `frames[]`: the backtracer's own demangled name (its
    /// `description` without the offset), else the raw `symbol`.
    private static func makeFrame(index: Int, _ frame: [String: Any]) -> StackFrame {
        let raw = frame["symbol"] as? String
        var name = Substring(frame["description"] as? String ?? raw ?? "")
        FrameText.dropOffset(&name)
        let symbol = name.isEmpty || name.hasPrefix("0x") ? raw : String(name)
        let location = frame["sourceLocation"] as? [String: Any]
        let path = location?["file"] as? String
        var result = StackFrame(
            index: index, image: frame["image"] as? String, symbol: symbol, address: frame["address"] as? String,
            file: path.flatMap { $0.split(separator: "/").last.map(String.init) },
            line: location?["line"] as? Int, column: location?["column"] as? Int,
            // `system` is not used: the backtracer also puts it on the
            // program's own frames when it has no line (as in its text form).
            isThunk: frame["thunk"] as? Bool == true ? true : nil
        )
        if let raw, raw != symbol { result.mangledSymbol = raw }
        return result
    }
}

extension CrashReportFormat {
    /// The Swift runtime's JSON crash file (`SWIFT_BACKTRACE=…,format=json`).
    public static let swiftRuntimeJSON = CrashReportFormat(rawValue: "swift-runtime-json", title: "Swift runtime crash file (JSON)")
}

extension SwiftRuntimeJSONParser: CrashFormat {
    public static var format: CrashReportFormat { .swiftRuntimeJSON }
    public static let recognisedBy = "it opens with `{` and its first kilobyte has `\"kind\": \"crashReport\"`"
    /// The shape the runtime writes; the tests also read files the
    /// toolchain writes for a crashing program.
    public static let samples = [
        """
        { "timestamp": "2026-11-24T20:43:56.342478Z", "kind": "crashReport", "description": "Illegal instruction", \
        "faultAddress": "0x00007fabb8d3a2a2", "platform": "Linux (Debian GNU/Linux 12 (bookworm))", "architecture": "x86_64", \
        "threads": [ { "crashed": true, "frames": [ { "kind": "programCounter", "address": "0x00007fabb8d3a2a2", \
        "symbol": "_dispatch_assert_queue_fail", "offset": 82, "description": "_dispatch_assert_queue_fail + 82", "image": "libdispatch.so" }, \
        { "kind": "returnAddress", "address": "0x000055af0d47e5c9", "system": true, "symbol": "$s5crash7installyyAA3BoxCFyycfU_", \
        "offset": 72, "description": "closure #1 in install(_:) + 72", "image": "crash", \
        "sourceLocation": { "file": "/tmp/crash.swift", "line": 0, "column": 0 } }, { "kind": "truncated" } ] } ] }
        """,
    ]
    /// A file the runtime wrote whole: nothing is pasted around it.
    public static let readsSurroundingConsoleLines = false
    public static func read(_ text: CrashText) -> CrashReport? { parse(text.text) }
}
