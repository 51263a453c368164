/// Reads JSON text value by value, handing each value to the caller as it
/// is met and building neither a tree nor an index of the text.
///
/// Why not `JSONDecoder`: it first builds an index of every value, about
/// four times the text (80 MB for a 20 MB `.ips` report), before one field
/// is read. Here only what the caller keeps takes memory. The `.ips` body
/// and the Swift runtime's JSON crash file are read with it.
///
/// The whole text is checked as JSON (RFC 8259), skipped values included,
/// so a report cut short or wrapped by a tracker fails here and is read
/// again another way. The `lenient` readers give nil for a value of
/// another type, as an `as?` cast would, and move past it.
///
/// ```swift
/// let names = try JSONPullReader.document(#"{"a":"x","b":[1]}"#) { json in
///     var found: [String] = []
///     try json.object { key, json in found.append(key); try json.skip() }
///     return found
/// }   // ["a", "b"]
/// ```
struct JSONPullReader {
    /// Where the text stops being JSON.
    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int
        var expected: String
        var description: String { "not JSON at byte \(offset): expected \(expected)" }
    }

    /// Deeper nesting is refused rather than read on the stack.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Reads the one value `text` holds with `read`; throws when the text
    /// is not JSON or more than white space follows the value.
    static func document<Value>(_ text: some StringProtocol, _ read: (inout JSONPullReader) throws -> Value) throws -> Value {
        var text = String(text)
        return try text.withUTF8 { try document($0, read) }
    }

    /// The same, over the text's UTF-8 bytes.
    static func document<Value>(_ bytes: UnsafeBufferPointer<UInt8>, _ read: (inout JSONPullReader) throws -> Value) throws -> Value {
        var reader = JSONPullReader(bytes)
        let value = try read(&reader)
        reader.skipSpace()
        guard reader.position == bytes.count else { throw reader.failure("the end of the text") }
        return value
    }

    // MARK: Structure

    /// Calls `field` with each key of the object here, the reader at its
    /// value; `field` must read or skip that value.
    mutating func object(_ field: (String, inout JSONPullReader) throws -> Void) throws {
        try open("{")
        if try take("}") { return close() }
        repeat {
            guard peek() == UInt8(ascii: "\"") else { throw failure("a key") }
            let key = try readString()
            guard try take(":") else { throw failure("`:`") }
            try field(key, &self)
        } while try take(",")
        guard try take("}") else { throw failure("`,` or `}`") }
        close()
    }

    /// Calls `element` with the reader at each element of the array here.
    mutating func array(_ element: (inout JSONPullReader) throws -> Void) throws {
        try open("[")
        if try take("]") { return close() }
        repeat { try element(&self) } while try take(",")
        guard try take("]") else { throw failure("`,` or `]`") }
        close()
    }

    /// Moves past the value here, checking it.
    mutating func skip() throws {
        switch peek() {
        case UInt8(ascii: "{"): try object { _, json in try json.skip() }
        case UInt8(ascii: "["): try array { json in try json.skip() }
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try readNumber()
        }
    }

    // MARK: Lenient values

    /// The object here read field by field, or false (the value skipped) when it is no object.
    mutating func lenientObject(_ field: (String, inout JSONPullReader) throws -> Void) throws -> Bool {
        guard peek() == UInt8(ascii: "{") else { try skip(); return false }
        try object(field)
        return true
    }

    /// The array here's elements that `element` reads (nil: left out), or
    /// nil (the value skipped) when it is no array.
    mutating func lenientArray<Element>(_ element: (inout JSONPullReader) throws -> Element?) throws -> [Element]? {
        guard peek() == UInt8(ascii: "[") else { try skip(); return nil }
        var elements: [Element] = []
        try array { json in if let value = try element(&json) { elements.append(value) } }
        return elements
    }

    /// The string here, or nil (skipped) for another value.
    mutating func lenientString() throws -> String? {
        guard peek() == UInt8(ascii: "\"") else { try skip(); return nil }
        return try readString()
    }

    /// The whole number here (`12`, or `12.0` and `1.2e1` as JSONDecoder
    /// takes them), or nil (skipped) for another value.
    mutating func lenientInt() throws -> Int? {
        guard let first = peek(), first == UInt8(ascii: "-") || Self.isDigit(first) else { try skip(); return nil }
        return Self.whole(try readNumber())
    }

    /// The boolean here, or nil (skipped) for another value.
    mutating func lenientBool() throws -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: try skip(); return nil
        }
    }

    /// A string, number or boolean as its text (`"309"` and `309` both
    /// read `309`), or nil (skipped) for null, an object or an array.
    mutating func lenientScalar() throws -> String? {
        switch peek() {
        case UInt8(ascii: "\""): return try readString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return try lenientBool().map(String.init)
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "n"): try skip(); return nil
        default:
            let text = try readNumber()
            return Self.whole(text).map { String($0) } ?? Double(text).map { String($0) }
        }
    }

    // MARK: Tokens

    /// A number's text as a whole number, if it is one (`12`, `12.0`, `1.2e1`).
    private static func whole(_ text: String) -> Int? {
        if let whole = Int(text) { return whole }
        guard let number = Double(text), number.rounded() == number else { return nil }
        return Int(exactly: number)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func failure(_ expected: String) -> SyntaxError { SyntaxError(offset: position, expected: expected) }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The next byte after white space, not taken.
    private mutating func peek() -> UInt8? {
        skipSpace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Takes `byte` (after white space) when it is next.
    private mutating func take(_ byte: Unicode.Scalar) throws -> Bool {
        guard peek() == UInt8(ascii: byte) else { return false }
        position += 1
        return true
    }

    private mutating func open(_ byte: Unicode.Scalar) throws {
        guard try take(byte) else { throw failure("`\(byte)`") }
        depth += 1
        if depth > Self.maximumDepth { throw failure("at most \(Self.maximumDepth) levels of nesting") }
    }

    private mutating func close() { depth -= 1 }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] }) else { throw failure("`\(word)`") }
        position += count
    }

    /// A number's text, checked against JSON's grammar.
    private mutating func readNumber() throws -> String {
        skipSpace()
        let start = position
        func digits() throws {
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw failure("a digit") }
            while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "0") { position += 1 } else { try digits() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") { position += 1; try digits() }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            try digits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// A string's value, its escapes resolved. A raw control character
    /// (a line break inside a wrapped value) is not JSON; a lone UTF-16
    /// surrogate reads as U+FFFD.
    private mutating func readString() throws -> String {
        guard try take("\"") else { throw failure("`\"`") }
        var start = position
        var value: [UInt8] = []
        func flush() { value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position])) }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text: String
                if value.isEmpty {
                    text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                } else {
                    flush()
                    text = String(decoding: value, as: UTF8.self)
                }
                position += 1
                return text
            }
            if byte < 0x20 { throw failure("a closed string (a raw control character is inside it)") }
            guard byte == UInt8(ascii: "\\") else { position += 1; continue }
            flush()
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): value.append(escape)
            case UInt8(ascii: "b"): value.append(0x08)
            case UInt8(ascii: "f"): value.append(0x0C)
            case UInt8(ascii: "n"): value.append(0x0A)
            case UInt8(ascii: "r"): value.append(0x0D)
            case UInt8(ascii: "t"): value.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800..<0xDC00).contains(scalar), position + 1 < bytes.count,
                   bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                    let resume = position
                    position += 2
                    let low = try readHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = resume  // not a pair: the next escape stands alone
                    }
                }
                value.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default:
                position -= 1
                throw failure("an escape (`\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\uXXXX`)")
            }
            start = position
        }
        throw failure("the string's closing `\"`")
    }

    private mutating func readHex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("four hex digits") }
        var scalar: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a hex digit")
            }
            scalar = scalar << 4 | UInt32(digit)
            position += 1
        }
        return scalar
    }
}
