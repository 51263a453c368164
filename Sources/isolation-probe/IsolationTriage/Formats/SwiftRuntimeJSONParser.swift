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
        let body: Body
        do {
            body = try JSONPullReader.document(text, Body.read)
        } catch {
            return CrashReport(format: .swiftRuntimeJSON, readingNotes: [
                "the JSON crash file is not valid JSON (\(error)); it may have been cut short while the runtime wrote it",
            ])
        }
        var notes: [String] = []
        var threads: [CrashThread] = []
        // With `threads=crashed` only the crashed thread is listed, and its
        // number is not given.
        if let omitted = body.omittedThreads { notes.append("the crash file leaves out \(omitted) other thread(s)") }
        for (position, thread) in body.threads.enumerated() {
            var frames: [StackFrame] = []
            for frame in thread.frames {
                switch frame.kind {
                case "omittedFrames":
                    notes.append("the backtrace skips frames (\(frame.count ?? 0) frames omitted)")
                case "truncated":
                    continue
                default:
                    frames.append(makeFrame(index: frames.count, frame))
                }
            }
            let number = body.omittedThreads == nil ? "Thread \(position)" : "crashed thread"
            threads.append(CrashThread(name: number + (thread.name.map { " \"\($0)\"" } ?? ""),
                                       crashed: thread.crashed == true, frames: frames))
        }
        if threads.isEmpty { notes.append("the JSON crash file lists no threads") }
        let stop = body.description.map { $0 + (body.faultAddress.map { " at \($0)" } ?? "") }
        return CrashReport(format: .swiftRuntimeJSON, threads: threads, stopReason: stop,
                           signals: body.description.map(StopSignals.names(in:)) ?? [],
                           readingNotes: notes, platform: body.platform)
    }

    /// One entry of `frames[]`: the backtracer's own demangled name (its
    /// `description` without the offset), else the raw `symbol`.
    private static func makeFrame(index: Int, _ frame: Frame) -> StackFrame {
        var name = Substring(frame.description ?? frame.symbol ?? "")
        FrameText.dropOffset(&name)
        let symbol = name.isEmpty || name.hasPrefix("0x") ? frame.symbol : String(name)
        var result = StackFrame(
            index: index, image: frame.image, symbol: symbol, address: frame.address,
            file: frame.file.flatMap { $0.split(separator: "/").last.map(String.init) },
            line: frame.line, column: frame.column,
            // `system` is not used: the backtracer also puts it on the
            // program's own frames when it has no line (as in its text form).
            isThunk: frame.thunk == true ? true : nil
        )
        if let raw = frame.symbol, raw != symbol { result.mangledSymbol = raw }
        return result
    }

    /// The fields of the crash file that triage reads; a field of another
    /// type reads as absent.
    private struct Body {
        var description: String?
        var faultAddress: String?
        var platform: String?
        var omittedThreads: Int?
        var threads: [Thread] = []

        static func read(_ json: inout JSONPullReader) throws -> Body {
            var body = Body()
            try json.object { key, json in
                switch key {
                case "description": body.description = try json.lenientString()
                case "faultAddress": body.faultAddress = try json.lenientString()
                case "platform": body.platform = try json.lenientString()
                case "omittedThreads": body.omittedThreads = try json.lenientInt()
                case "threads": body.threads = try json.lenientArray(Thread.read) ?? []
                default: try json.skip()
                }
            }
            return body
        }
    }

    private struct Thread {
        var name: String?
        var crashed: Bool?
        var frames: [Frame] = []

        static func read(_ json: inout JSONPullReader) throws -> Thread? {
            var thread = Thread()
            return try json.lenientObject { key, json in
                switch key {
                case "name": thread.name = try json.lenientString()
                case "crashed": thread.crashed = try json.lenientBool()
                case "frames": thread.frames = try json.lenientArray(Frame.read) ?? []
                default: try json.skip()
                }
            } ? thread : nil
        }
    }

    private struct Frame {
        var kind: String?
        var count: Int?
        var symbol: String?
        var description: String?
        var image: String?
        var address: String?
        var thunk: Bool?
        /// `sourceLocation`'s fields.
        var file: String?
        var line: Int?
        var column: Int?

        static func read(_ json: inout JSONPullReader) throws -> Frame? {
            var frame = Frame()
            return try json.lenientObject { key, json in
                switch key {
                case "kind": frame.kind = try json.lenientString()
                case "count": frame.count = try json.lenientInt()
                case "symbol": frame.symbol = try json.lenientString()
                case "description": frame.description = try json.lenientString()
                case "image": frame.image = try json.lenientString()
                case "address": frame.address = try json.lenientString()
                case "thunk": frame.thunk = try json.lenientBool()
                case "sourceLocation":
                    _ = try json.lenientObject { key, json in
                        switch key {
                        case "file": frame.file = try json.lenientString()
                        case "line": frame.line = try json.lenientInt()
                        case "column": frame.column = try json.lenientInt()
                        default: try json.skip()
                        }
                    }
                default: try json.skip()
                }
            } ? frame : nil
        }
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
