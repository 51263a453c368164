import Foundation

/// The parts of an `.ips` report's JSON body that triage reads, decoded
/// straight into small structs.
///
/// Why not `JSONSerialization`: it builds an object per JSON value (a 21 MB
/// report with 20,000 threads took 1.36 GB); `JSONDecoder` keeps one compact
/// index of the text and materialises only these fields. A field of the
/// wrong type reads as absent and an array element of the wrong type is
/// left out, as `as?` casts did, since a damaged report is still worth
/// triaging.
///
/// ```swift
/// let body = AppleIPSBody.decode(#"{"faultingThread":0,"threads":[{"frames":[{"symbol":"main"}]}]}"#)
/// body?.threads.first?.frames.first?.symbol   // "main"
/// ```
struct AppleIPSBody: Decodable {
    struct Image: Decodable {
        var name: String?
        var path: String?

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            name = fields.lenient("name")
            path = fields.lenient("path")
        }
    }

    struct Frame: Decodable {
        var imageIndex: Int?
        var imageOffset: Int?
        var symbol: String?
        var sourceFile: String?
        var sourceLine: Int?

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            imageIndex = fields.lenient("imageIndex")
            imageOffset = fields.lenient("imageOffset")
            symbol = fields.lenient("symbol")
            sourceFile = fields.lenient("sourceFile")
            sourceLine = fields.lenient("sourceLine")
        }
    }

    struct Thread: Decodable {
        var name: String?
        var queue: String?
        var triggered: Bool?
        var frames: [Frame]

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            name = fields.lenient("name")
            queue = fields.lenient("queue")
            triggered = fields.lenient("triggered")
            frames = fields.lenient("frames").map { (list: LenientList<Frame>) in list.elements } ?? []
        }
    }

    struct Exception: Decodable {
        var type: String?
        var signal: String?
        var subtype: String?

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            type = fields.lenient("type")
            signal = fields.lenient("signal")
            subtype = fields.lenient("subtype")
        }
    }

    struct Termination: Decodable {
        var namespace: Scalar?
        var code: Scalar?
        var indicator: Scalar?
        var reasons: [String]

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            namespace = fields.lenient("namespace")
            code = fields.lenient("code")
            indicator = fields.lenient("indicator")
            reasons = fields.lenient("reasons").map { (list: LenientList<String>) in list.elements } ?? []
        }
    }

    /// A string, number or boolean, as text (termination codes are either).
    struct Scalar: Decodable, CustomStringConvertible {
        var description: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                description = text
            } else if let number = try? container.decode(Int.self) {
                description = String(number)
            } else if let number = try? container.decode(Double.self) {
                description = String(number)
            } else {
                description = String(try container.decode(Bool.self))
            }
        }
    }

    /// An array whose elements of another type are left out.
    struct LenientList<Element: Decodable>: Decodable {
        var elements: [Element] = []
        var count = 0

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd {
                count += 1
                if let element = try? container.decode(Element.self) {
                    elements.append(element)
                } else {
                    _ = try container.decode(Skipped.self)  // a failed decode does not move on
                }
            }
        }
    }

    /// Decodes a JSON value and drops it.
    struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Any key, by name.
    struct Key: CodingKey, ExpressibleByStringLiteral {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(stringLiteral value: String) { stringValue = value }
    }

    var usedImages: [Image]
    var faultingThread: Int?
    var threads: [Thread]
    var exception: Exception?
    var termination: Termination?
    /// Application Specific Information: crash messages by the library that set them.
    var asi: [String: [String]]
    var lastExceptionBacktraceCount: Int
    /// The header's `bug_type` (a string in real reports, a number in some).
    var bugType: Scalar?

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Key.self)
        usedImages = fields.lenient("usedImages").map { (list: LenientList<Image>) in list.elements } ?? []
        faultingThread = fields.lenient("faultingThread")
        threads = fields.lenient("threads").map { (list: LenientList<Thread>) in list.elements } ?? []
        exception = fields.lenient("exception")
        termination = fields.lenient("termination")
        asi = [:]
        if let table = try? fields.nestedContainer(keyedBy: Key.self, forKey: "asi") {
            for key in table.allKeys {
                asi[key.stringValue] = table.lenient(key.stringValue).map { (list: LenientList<String>) in list.elements } ?? []
            }
        }
        lastExceptionBacktraceCount = fields.lenient("lastExceptionBacktrace").map { (list: LenientList<Skipped>) in list.count } ?? 0
        bugType = fields.lenient("bug_type")
    }

    /// The body in `text`, or nil when it is not a JSON object.
    static func decode(_ text: some StringProtocol) -> AppleIPSBody? {
        try? JSONDecoder().decode(AppleIPSBody.self, from: Data(text.utf8))
    }

    /// The body in `lines` joined with `separator`, or nil when it is not a
    /// JSON object. The bytes are gathered once, straight into the buffer
    /// the decoder reads (no joined string beside it).
    static func decode(lines: ArraySlice<String>, separator: String) -> AppleIPSBody? {
        var bytes = Data()
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + separator.utf8.count })
        for (position, line) in zip(lines.indices, lines) {
            if position != lines.startIndex { bytes.append(contentsOf: separator.utf8) }
            bytes.append(contentsOf: line.utf8)
        }
        return try? JSONDecoder().decode(AppleIPSBody.self, from: bytes)
    }
}

extension KeyedDecodingContainer where Key == AppleIPSBody.Key {
    /// The value at `key`, or nil when it is absent, null or of another type.
    func lenient<Value: Decodable>(_ key: String) -> Value? {
        (try? decodeIfPresent(Value.self, forKey: AppleIPSBody.Key(stringValue: key))) ?? nil
    }
}
