/// A linear pass over a Swift file before swift-syntax parses it: it bounds
/// how deep the parser will recurse, and rewrites long runs of nested square
/// brackets so that parsing them takes linear time.
///
/// Why the rewrite: swift-syntax 603's parser, at every `[` in expression or
/// type position, asks `Lookahead.canParseStartOfInlineArrayTypeBody` whether
/// an InlineArray type (`[3 of Int]`) starts there. That lookahead reaches
/// `canParseCollectionTypeBody` (SwiftParser/Types.swift) for each nested `[`,
/// which first tries `canParseInlineArrayTypeBody` and, when that fails, tries
/// `canParseType` over the same tokens: two recursive descents per level, so a
/// literal `[[[…[1]…]]]` of depth d costs about 2^d steps (depth 26 took 18 s;
/// depth 50 never ended). `maximumNestingLevel` does not bound lookahead.
///
/// (It also blanks generic `<` `>` pairs nested deeper than ``angleRunLimit``,
/// for a second super-linear cost, described there.)
///
/// The pass turns each `[` that sits inside more than ``squareRunLimit``
/// enclosing `[` (with no `{` or string interpolation between, where that
/// lookahead stops) into `(`, and its matching `]` into `)`. Both are one
/// byte, so every offset, line and column the rules report stays exact; only
/// the shape of brackets nested that deep changes (arrays read as
/// parentheses), which no rule looks at.
///
/// ```swift
/// let scan = SourcePrescan(text: "let x = [[[[[[1]]]]]]")
/// print(scan.maximumDepth)  // 6
/// print(scan.text)          // let x = [[[[((1))]]]]
/// ```
struct SourcePrescan {
    /// How many directly nested `[` are parsed as written; deeper ones are
    /// rewritten. The lookahead still descends through the parentheses
    /// below, 2^squareRunLimit times, so this stays small: with 4, a
    /// 1,000-deep literal costs 16 descents; with 8 it cost 256 (10 s in a
    /// debug build at depth 400).
    static let squareRunLimit = 4

    /// How many generic `<` directly inside one another keep their `<` `>`.
    /// Deeper pairs become spaces: the parser splits a run of `>>>>` one
    /// `>` at a time and lexes the rest of the run again after each
    /// (`Lexer.LexemeSequence.resetForSplit`, called from
    /// `Parser.consumePrefix`), so a run of n costs n² (512 deep took 4 s in a
    /// debug build). The type nested that deep then reads as unexpected
    /// tokens, which no rule looks into.
    static let angleRunLimit = 8

    /// The text to parse: the input, with deep `[`…`]` and `<`…`>` pairs rewritten.
    let text: String
    /// A bound on how deep the parser recurses: the most `(`, `[`, `{`,
    /// generic `<` and string interpolations open at once, plus the `else`
    /// and `->` tokens inside them, which the parser also recurses on (an
    /// `else if` chain, a chain of function-type arrows). Counted generously:
    /// every `else` and `->` of a bracket's content, not only one chain's.
    let maximumDepth: Int

    init(text: String) {
        var bytes = Array(text.utf8)
        var scanner = Scanner()
        scanner.scan(&bytes)
        self.maximumDepth = scanner.maximumDepth
        self.text = scanner.rewritten ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// A string literal being read: its `#` count and whether it is `"""`.
    private struct StringDelimiter {
        var hashes: Int
        var multiline: Bool
    }

    private enum Opening {
        case round, square, curly
        /// `<` right after a name, as in `Array<`; closed by `>`, or by the
        /// bracket around it when it was a comparison.
        case angle
        /// `\(` inside a string; its `)` resumes the string.
        case interpolation(StringDelimiter)
    }

    private struct Open {
        var opening: Opening
        /// Offset of a `[` turned into `(`, whose `]` must become `)`.
        var rewrittenSquare: Bool
        /// `[` brackets in the run this entry belongs to (see squareRunLimit).
        var squareRun: Int
        /// `else` and `->` tokens directly inside this bracket.
        var chainTokens = 0
        /// Where the bracket is (to rewrite a deep `<` once its `>` is found).
        var offset = 0
        /// Generic `<` directly inside one another, this one included.
        var angleRun = 0
    }

    private struct Scanner {
        var stack: [Open] = []
        var maximumDepth = 0
        var rewritten = false
        /// `else` and `->` outside every bracket.
        var topLevelChainTokens = 0
        /// `else` and `->` tokens in all open brackets and at the top level.
        var openChainTokens = 0

        mutating func noteDepth() {
            maximumDepth = max(maximumDepth, stack.count + openChainTokens)
        }

        mutating func countChainToken() {
            if stack.isEmpty { topLevelChainTokens += 1 } else { stack[stack.count - 1].chainTokens += 1 }
            openChainTokens += 1
            noteDepth()
        }

        mutating func scan(_ bytes: inout [UInt8]) {
            var index = 0
            var string: StringDelimiter?
            while index < bytes.count {
                if let delimiter = string {
                    (index, string) = skipString(bytes, from: index, delimiter)
                    continue
                }
                let byte = bytes[index]
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                switch byte {
                case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                    index = skipBlockComment(bytes, from: index)
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var hashes = 0
                    while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                    guard index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "\"") else {
                        index += max(hashes, 1)
                        continue
                    }
                    index += hashes
                    let multiline = index + 2 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\"")
                    index += multiline ? 3 : 1
                    string = StringDelimiter(hashes: hashes, multiline: multiline)
                case UInt8(ascii: "("):
                    push(.round, index: index, bytes: &bytes)
                    index += 1
                case UInt8(ascii: "["):
                    push(.square, index: index, bytes: &bytes)
                    index += 1
                case UInt8(ascii: "{"):
                    dropOpenAngles()
                    push(.curly, index: index, bytes: &bytes)
                    index += 1
                case UInt8(ascii: ";"), UInt8(ascii: "="):
                    dropOpenAngles()
                    index += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ">"):
                    string = close(byte, index: index, bytes: &bytes)
                    index += 1
                case UInt8(ascii: "<") where index > 0 && Self.isNameByte(bytes[index - 1]):
                    push(.angle, index: index, bytes: &bytes)
                    index += 1
                case UInt8(ascii: "-") where next == UInt8(ascii: ">"):
                    countChainToken()
                    index += 2
                case _ where Self.isNameByte(byte):
                    let start = index
                    while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
                    if index - start == 4, bytes[start..<index].elementsEqual("else".utf8) { countChainToken() }
                default:
                    index += 1
                }
            }
        }

        mutating func push(_ opening: Opening, index: Int, bytes: inout [UInt8]) {
            let enclosingRun = stack.last?.squareRun ?? 0
            var entry = Open(opening: opening, rewrittenSquare: false, squareRun: 0, offset: index)
            switch opening {
            case .round: entry.squareRun = enclosingRun
            case .angle:
                entry.squareRun = enclosingRun
                if let last = stack.last, case .angle = last.opening { entry.angleRun = last.angleRun }
                entry.angleRun += 1
            case .square:
                entry.squareRun = enclosingRun + 1
                if entry.squareRun > SourcePrescan.squareRunLimit {
                    bytes[index] = UInt8(ascii: "(")
                    entry.rewrittenSquare = true
                    rewritten = true
                }
            case .curly, .interpolation: entry.squareRun = 0
            }
            stack.append(entry)
            noteDepth()
        }

        /// Closes the bracket `byte` matches when it is the innermost one
        /// (an unmatched closer is left to the parser's recovery); gives the
        /// string an interpolation's `)` returns to.
        mutating func close(_ byte: UInt8, index: Int, bytes: inout [UInt8]) -> StringDelimiter? {
            if byte != UInt8(ascii: ">") { dropOpenAngles() }
            guard let entry = stack.last, Self.matches(entry.opening, byte) else { return nil }
            pop()
            if entry.rewrittenSquare { bytes[index] = UInt8(ascii: ")") }
            if entry.angleRun > SourcePrescan.angleRunLimit {
                bytes[entry.offset] = UInt8(ascii: " ")
                bytes[index] = UInt8(ascii: " ")
                rewritten = true
            }
            if case .interpolation(let delimiter) = entry.opening { return delimiter }
            return nil
        }

        mutating func pop() {
            openChainTokens -= stack.removeLast().chainTokens
        }

        /// A `<` still open where a generic argument list cannot go on was a
        /// comparison.
        mutating func dropOpenAngles() {
            while let last = stack.last, case .angle = last.opening { pop() }
        }

        static func matches(_ opening: Opening, _ byte: UInt8) -> Bool {
            switch opening {
            case .round, .interpolation: return byte == UInt8(ascii: ")")
            case .square: return byte == UInt8(ascii: "]")
            case .curly: return byte == UInt8(ascii: "}")
            case .angle: return byte == UInt8(ascii: ">")
            }
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        /// Reads string content from `start` up to its closing delimiter or an
        /// interpolation's `\(`; gives where code resumes and the string still
        /// open there (nil when the literal ended).
        mutating func skipString(
            _ bytes: [UInt8], from start: Int, _ delimiter: StringDelimiter
        ) -> (Int, StringDelimiter?) {
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n"), !delimiter.multiline {
                    return (index, nil)  // unterminated: the lexer ends it here too
                }
                if byte == UInt8(ascii: "\\"), hashes(bytes, at: index + 1) >= delimiter.hashes {
                    let escaped = index + 1 + delimiter.hashes
                    if escaped < bytes.count, bytes[escaped] == UInt8(ascii: "(") {
                        stack.append(Open(opening: .interpolation(delimiter), rewrittenSquare: false, squareRun: 0))
                        noteDepth()
                        return (escaped + 1, nil)
                    }
                    index = escaped + 1
                    continue
                }
                let quotes = delimiter.multiline ? 3 : 1
                if byte == UInt8(ascii: "\""), isRun(bytes, at: index, of: UInt8(ascii: "\""), count: quotes),
                    hashes(bytes, at: index + quotes) >= delimiter.hashes
                {
                    return (index + quotes + delimiter.hashes, nil)
                }
                index += 1
            }
            return (index, nil)
        }

        func skipBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
            var depth = 0
            var index = start
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return index }
                } else {
                    index += 1
                }
            }
            return bytes.count
        }

        func hashes(_ bytes: [UInt8], at start: Int) -> Int {
            var count = 0
            while start + count < bytes.count, bytes[start + count] == UInt8(ascii: "#") { count += 1 }
            return count
        }

        func isRun(_ bytes: [UInt8], at start: Int, of byte: UInt8, count: Int) -> Bool {
            start + count <= bytes.count && bytes[start..<(start + count)].allSatisfy { $0 == byte }
        }
    }
}
