/// What stands before a frame on its line and is not part of it: a log's
/// timestamp and process (`2026-12-01 10:00:00.123+0000 App[42:7] `,
/// `Dec  1 10:00:00 host app[42]: `), a container's name (`web-1  | `),
/// and the counts and tree glyphs of a `sample` or spindump call tree
/// (`    + ! :  2000 f()  (in App) + 40  [0x1]`).
///
/// ```swift
/// FrameLinePrefixes.droppingLogPrefix("2026-12-01T10:00:00Z app[42]: 3  App  f() + 4")   // "3  App  f() + 4"
/// FrameLinePrefixes.sampleFrame("  + 2000 Store.load()  (in App) + 40  [0x1000]")?.symbol  // "Store.load()"
/// ```
enum FrameLinePrefixes {
    /// The line after a leading timestamp and the process or container
    /// name that follows it; the line itself when it has neither.
    static func droppingLogPrefix(_ line: Substring) -> Substring {
        var rest = droppingJSONQuotes(line)
        if let afterTime = droppingTimestamp(rest) {
            rest = afterTime.drop { $0 == " " }
            // `App[4242:1234567] `, `host app[42]: `, `app: `.
            let words = rest.prefix(120).split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            for count in [1, 2] where words.count >= count {
                let last = words[count - 1]
                if (last.hasSuffix("]") || last.hasSuffix("]:")) && last.contains("["), let end = rest.range(of: last) {
                    return rest[end.upperBound...].drop { $0 == " " || $0 == "\t" }
                }
            }
            return rest
        }
        // `web-1  | ` (docker compose), `pod/app-7f9 | `.
        if let bar = rest.prefix(80).range(of: " | "), !rest[..<bar.lowerBound].contains("("),
           rest[..<bar.lowerBound].trimmingCharacters(in: .whitespaces).allSatisfy({ $0.isLetter || $0.isNumber || "-_./".contains($0) }) {
            return rest[bar.upperBound...]
        }
        return rest
    }

    /// A frame kept as a JSON string in an array (a crash service's
    /// `"frames" : [ "0  App  0x1 f() + 4", … ]`): the string's inside.
    ///
    /// ```swift
    /// FrameLinePrefixes.droppingJSONQuotes(#"    "2  libsystem_platform.dylib  0x1 _sigtramp + 56","#)   // 2  libsystem_platform.dylib  0x1 _sigtramp + 56
    /// ```
    static func droppingJSONQuotes(_ line: Substring) -> Substring {
        let body = line.drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix("\""), body.count > 2 else { return line }
        var inside = body.dropFirst()
        if inside.hasSuffix(",") { inside = inside.dropLast() }
        guard inside.hasSuffix("\""), inside.count > 1 else { return line }
        inside = inside.dropLast()
        // A key (`"frames" : [`) or a quoted sentence is not a frame string: those start with a digit or a frame mark.
        guard let first = inside.first, first.isNumber || first == "#" || inside.hasPrefix("frame #"), !inside.contains("\"") else { return line }
        return inside
    }

    /// The rest after an ISO-8601 or syslog timestamp at the line's start.
    static func droppingTimestamp(_ line: Substring) -> Substring? {
        let bytes = Array(line.utf8.prefix(40))
        func digits(_ at: Int, _ count: Int) -> Bool {
            at + count <= bytes.count && bytes[at..<(at + count)].allSatisfy { $0 >= 48 && $0 <= 57 }
        }
        var end: Int
        if digits(0, 4), bytes.count > 19, bytes[4] == 45, digits(5, 2), bytes[7] == 45, digits(8, 2),
           bytes[10] == 32 || bytes[10] == 84, digits(11, 2), bytes[13] == 58, digits(14, 2), bytes[16] == 58, digits(17, 2) {
            end = 19   // 2026-12-01 10:00:00 / 2026-12-01T10:00:00
        } else if bytes.count > 15, ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
                    .contains(String(decoding: bytes[0..<3], as: UTF8.self)), bytes[3] == 32 {
            var at = 4
            while at < bytes.count, bytes[at] == 32 { at += 1 }
            guard digits(at, 1) else { return nil }
            while at < bytes.count, bytes[at] >= 48 && bytes[at] <= 57 { at += 1 }
            guard at + 9 <= bytes.count, bytes[at] == 32, digits(at + 1, 2), bytes[at + 3] == 58 else { return nil }
            end = at + 9   // Dec  1 10:00:00
        } else {
            return nil
        }
        // Fractions and a zone: `.123456`, `Z`, `+0000`, `+00:00`.
        while end < bytes.count, bytes[end] == 46 || bytes[end] == 44 || (bytes[end] >= 48 && bytes[end] <= 57)
            || bytes[end] == 90 || bytes[end] == 43 || bytes[end] == 58 || (bytes[end] == 45 && end > 19) { end += 1 }
        return line.dropFirst(end)
    }

    /// A call-tree line of `sample` or a spindump: tree glyphs, a sample
    /// count, the function, `(in Image)`, an offset and an address; its
    /// depth is where the count starts. Nil for any other line.
    static func sampleFrame(_ line: Substring) -> (symbol: String, image: String?, address: String?, depth: Int)? {
        var rest = line
        var depth = 0
        while let first = rest.first, " +!:|`".contains(first) { rest = rest.dropFirst(); depth += 1 }
        let count = rest.prefix { $0.isNumber }
        guard !count.isEmpty, rest.dropFirst(count.count).first == " " else { return nil }
        rest = rest.dropFirst(count.count).drop { $0 == " " }
        guard let name = FrameText.resolvedName(rest).map({ (symbol: $0.symbol, image: Optional($0.image)) }) ?? spindumpName(rest) else { return nil }
        var address: String?
        if let bracket = rest.byteRange(of: "[0x", backwards: true), let end = rest[bracket.upperBound...].firstIndex(of: "]") {
            address = "0x" + rest[bracket.upperBound..<end]
        }
        return (name.symbol, name.image, address, depth)
    }

    /// A spindump's frame after its count: `Store.load() + 528 (Shop + 56991372) [0x104101e8c]`,
    /// `??? (Shop + 76211180) [0x1053563ec]`: the symbol, and the image in the parentheses.
    static func spindumpName(_ text: Substring) -> (symbol: String, image: String?)? {
        var rest = text
        if let bracket = rest.byteRange(of: " [0x", backwards: true) { rest = rest[..<bracket.lowerBound] }
        guard rest.hasSuffix(")"), let open = rest.byteRange(of: " (", backwards: true) else { return nil }
        let inside = rest[open.upperBound..<rest.index(before: rest.endIndex)]
        guard let plus = inside.byteRange(of: " + "), inside[plus.upperBound...].allSatisfy(\.isNumber),
              case let image = inside[..<plus.lowerBound], !image.isEmpty, !image.contains("(") else { return nil }
        var symbol = rest[..<open.lowerBound]
        if let offset = symbol.byteRange(of: " + ", backwards: true), symbol[offset.upperBound...].allSatisfy(\.isNumber) {
            symbol = symbol[..<offset.lowerBound]
        }
        guard !symbol.isEmpty else { return nil }
        return (String(symbol), String(image))
    }
}
