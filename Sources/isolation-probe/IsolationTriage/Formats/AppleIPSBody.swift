/// The parts of an `.ips` report's JSON body that triage reads, read
/// straight into small structs by ``JSONPullReader``.
///
/// Why not `JSONSerialization`: it builds an object per JSON value (a 21 MB
/// report with 20,000 threads took 1.36 GB); nor `JSONDecoder`: its index of
/// the text is about four times the text. A field of the wrong type reads as
/// absent and an array element of the wrong type is left out, as `as?`
/// casts did, since a damaged report is still worth triaging; text that is
/// not JSON at all gives nil, and the caller reads it another way.
///
/// ```swift
/// let body = AppleIPSBody.decode(#"{"faultingThread":0,"threads":[{"frames":[{"symbol":"main"}]}]}"#)
/// body?.threads.first?.frames.first?.symbol   // "main"
/// ```
struct AppleIPSBody {
    struct Image {
        var name: String?
        var path: String?
    }

    struct Frame {
        var imageIndex: Int?
        var imageOffset: Int?
        var symbol: String?
        var sourceFile: String?
        var sourceLine: Int?
    }

    struct Thread {
        var name: String?
        var queue: String?
        var triggered: Bool?
        var frames: [Frame] = []
    }

    struct Exception {
        var type: String?
        var signal: String?
        var subtype: String?
    }

    struct Termination {
        /// A string or a number in real reports, as text.
        var namespace: String?
        var code: String?
        var indicator: String?
        var reasons: [String] = []
    }

    var usedImages: [Image] = []
    var faultingThread: Int?
    var threads: [Thread] = []
    var exception: Exception?
    var termination: Termination?
    /// Application Specific Information: crash messages by the library that set them.
    var asi: [String: [String]] = [:]
    var lastExceptionBacktraceCount = 0
    /// The header's `bug_type` (a string in real reports, a number in some).
    var bugType: String?

    /// The body in `text`, or nil when it is not a JSON object.
    static func decode(_ text: some StringProtocol) -> AppleIPSBody? {
        try? JSONPullReader.document(text, read)
    }

    /// The body in `lines` joined with `separator`, or nil when it is not a
    /// JSON object. The bytes are gathered once into the buffer the reader
    /// reads (no joined string beside it).
    static func decode(lines: ArraySlice<String>, separator: String) -> AppleIPSBody? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + separator.utf8.count })
        for (position, line) in zip(lines.indices, lines) {
            if position != lines.startIndex { bytes.append(contentsOf: separator.utf8) }
            bytes.append(contentsOf: line.utf8)
        }
        return bytes.withUnsafeBufferPointer { buffer in try? JSONPullReader.document(buffer, read) }
    }

    private static func read(_ json: inout JSONPullReader) throws -> AppleIPSBody {
        var body = AppleIPSBody()
        try json.object { key, json in
            switch key {
            case "usedImages": body.usedImages = try json.lenientArray(readImage) ?? []
            case "faultingThread": body.faultingThread = try json.lenientInt()
            case "threads": body.threads = try json.lenientArray(readThread) ?? []
            case "exception":
                var exception = Exception()
                if try json.lenientObject({ key, json in
                    switch key {
                    case "type": exception.type = try json.lenientString()
                    case "signal": exception.signal = try json.lenientString()
                    case "subtype": exception.subtype = try json.lenientString()
                    default: try json.skip()
                    }
                }) { body.exception = exception }
            case "termination":
                var termination = Termination()
                if try json.lenientObject({ key, json in
                    switch key {
                    case "namespace": termination.namespace = try json.lenientScalar()
                    case "code": termination.code = try json.lenientScalar()
                    case "indicator": termination.indicator = try json.lenientScalar()
                    case "reasons": termination.reasons = try json.lenientArray { try $0.lenientString() } ?? []
                    default: try json.skip()
                    }
                }) { body.termination = termination }
            case "asi":
                var asi: [String: [String]] = [:]
                _ = try json.lenientObject { key, json in asi[key] = try json.lenientArray { try $0.lenientString() } ?? [] }
                body.asi = asi
            case "lastExceptionBacktrace":
                body.lastExceptionBacktraceCount = try json.lenientArray { (json: inout JSONPullReader) -> Void? in try json.skip(); return () }?.count ?? 0
            case "bug_type": body.bugType = try json.lenientScalar()
            default: try json.skip()
            }
        }
        return body
    }

    private static func readImage(_ json: inout JSONPullReader) throws -> Image? {
        var image = Image()
        return try json.lenientObject { key, json in
            switch key {
            case "name": image.name = try json.lenientString()
            case "path": image.path = try json.lenientString()
            default: try json.skip()
            }
        } ? image : nil
    }

    private static func readThread(_ json: inout JSONPullReader) throws -> Thread? {
        var thread = Thread()
        return try json.lenientObject { key, json in
            switch key {
            case "name": thread.name = try json.lenientString()
            case "queue": thread.queue = try json.lenientString()
            case "triggered": thread.triggered = try json.lenientBool()
            case "frames": thread.frames = try json.lenientArray(readFrame) ?? []
            default: try json.skip()
            }
        } ? thread : nil
    }

    private static func readFrame(_ json: inout JSONPullReader) throws -> Frame? {
        var frame = Frame()
        return try json.lenientObject { key, json in
            switch key {
            case "imageIndex": frame.imageIndex = try json.lenientInt()
            case "imageOffset": frame.imageOffset = try json.lenientInt()
            case "symbol": frame.symbol = try json.lenientString()
            case "sourceFile": frame.sourceFile = try json.lenientString()
            case "sourceLine": frame.sourceLine = try json.lenientInt()
            default: try json.skip()
            }
        } ? frame : nil
    }
}
