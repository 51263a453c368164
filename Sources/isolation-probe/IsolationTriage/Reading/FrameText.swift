/// Pieces of frame-line syntax the text formats share.
///
/// ```swift
/// var symbol: Substring = "f() + 12 at /src/A.swift:3:9"
/// let location = FrameText.splitLocation(&symbol, separator: " at ")  // file "A.swift", line 3, column 9
/// FrameText.dropOffset(&symbol)                                         // symbol == "f()"
/// ```
enum FrameText {
    struct Location {
        var file: String
        var line: Int?
        var column: Int?
    }

    /// Removes a trailing `SEPARATOR FILE:LINE[:COLUMN]` (or
    /// `SEPARATOR <compiler-generated>[:0]`) from `symbol` and returns it;
    /// leaves `symbol` alone when the tail is not a location.
    static func splitLocation(_ symbol: inout Substring, separator: String) -> Location? {
        guard let at = symbol.byteRange(of: separator, backwards: true) else { return nil }
        guard let location = parseLocation(symbol[at.upperBound...]) else { return nil }
        symbol = symbol[..<at.lowerBound]
        return location
    }

    /// `/path/File.swift:12:3`, `File.swift:12`, `/path/File.swift` (the
    /// backtracer leaves out line 0), `//<compiler-generated>` → file, line, column.
    static func parseLocation(_ text: Substring) -> Location? {
        var rest = text
        var numbers: [Int] = []
        // Up to two trailing `:NUMBER` parts: line, then column.
        while numbers.count < 2, let colon = rest.lastIndex(of: ":"),
              let number = Int(rest[rest.index(after: colon)...]) {
            numbers.insert(number, at: 0)
            rest = rest[..<colon]
        }
        let path = rest.drop { $0 == "/" }
        if path == "<compiler-generated>" { return Location(file: "<compiler-generated>") }
        guard !path.isEmpty, !path.contains(" ") || path.contains("/") else { return nil }
        // Without a line number only a path that names a source file counts:
        // an absolute one, or a Swift file as `swiftc src/main.swift` records it.
        guard !numbers.isEmpty || rest.hasPrefix("/") || (path.contains("/") && path.hasSuffix(".swift")) else { return nil }
        let file = path.split(separator: "/").last.map(String.init) ?? String(path)
        guard file.contains("."), !file.hasSuffix(".") else { return nil }
        return Location(file: file, line: numbers.first, column: numbers.count > 1 ? numbers[1] : nil)
    }

    /// A function as Apple's symbolication prints it, in `atos`'s output,
    /// a `sample` or spindump tree and a report annotated by hand:
    /// `NAME (in IMAGE)`, then an optional ` + OFFSET` and `(FILE:LINE)`.
    struct ResolvedName {
        var symbol: String
        var image: String
        var location: Location?
    }

    /// The ``ResolvedName`` `text` starts with, or nil when it has no
    /// `(in IMAGE)` after a name, or what stands before it is more than
    /// one column (an image, an address and a comment are not a name).
    ///
    /// ```swift
    /// FrameText.resolvedName("-[Player stop] (in App) (Player.m:12)")?.location?.line  // 12
    /// ```
    static func resolvedName(_ text: Substring) -> ResolvedName? {
        guard let open = text.byteRange(of: " (in "), let close = text[open.upperBound...].firstIndex(of: ")") else { return nil }
        let symbol = text[..<open.lowerBound].trimmingCharacters(in: .whitespaces)
        let image = text[open.upperBound..<close].trimmingCharacters(in: .whitespaces)
        guard !symbol.isEmpty, !image.isEmpty, !symbol.contains("\t"), !symbol.contains("  "), !symbol.contains(" // ") else { return nil }
        var location: Location?
        let rest = text[text.index(after: close)...]
        if let from = rest.firstIndex(of: "("), let to = rest[from...].firstIndex(of: ")") {
            location = parseLocation(rest[rest.index(after: from)..<to])
        }
        return ResolvedName(symbol: symbol, image: image, location: location)
    }

    /// The name a ` // ` comment after an unsymbolicated frame gives it,
    /// as `atos` resolved it (`0x10faf3000 + 921445  // f() (in App) (A.m:49)`).
    static func annotatedName(_ text: Substring) -> ResolvedName? {
        guard let comment = text.byteRange(of: " // ") else { return nil }
        return resolvedName(text[comment.upperBound...].drop { $0 == " " })
    }

    /// A plain C name (`abort`, `memmove`, `objc_msgSend`): ASCII letters,
    /// digits and `_`, not starting with a digit. Swift's names have
    /// punctuation (`Cart.load()`), mangled ones a `$`.
    ///
    /// ```swift
    /// FrameText.isCName("__memmove_avx_unaligned_erms")   // true
    /// FrameText.isCName("Cart.load()")                    // false
    /// ```
    static func isCName<Name: StringProtocol>(_ name: Name) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// Removes a trailing ` + 116` or ` + 0x74` offset.
    static func dropOffset(_ symbol: inout Substring) {
        guard let plus = symbol.byteRange(of: " + ", backwards: true) else { return }
        let offset = symbol[plus.upperBound...]
        let digits = offset.hasPrefix("0x") ? offset.dropFirst(2) : offset
        if !digits.isEmpty, digits.allSatisfy(\.isHexDigit) {
            symbol = symbol[..<plus.lowerBound]
        }
    }

    /// lldb prints a frame's function with the values of its arguments
    /// (`application(result=.noData, failedCount=0)`). This writes such a
    /// list as the labels Swift names use (`application(result:failedCount:)`),
    /// so the name reads like the other formats' and matches declarations.
    /// In a closure's frame the values are the closure's own arguments,
    /// printed where the enclosing function's parameters go
    /// (`closure #1 in App.init($0="hello")`), so there the list becomes `()`:
    /// the report does not show the enclosing function's labels. Other
    /// parentheses stay.
    static func lldbArgumentsAsLabels(_ symbol: String) -> String {
        guard symbol.contains("=") else { return symbol }
        let isClosure = symbol.hasPrefix("closure #") || symbol.hasPrefix("implicit closure #")
        var result = ""
        var index = symbol.startIndex
        while index < symbol.endIndex {
            let character = symbol[index]
            guard character == "(", let close = matchingParenthesis(in: symbol, from: index) else {
                result.append(character)
                index = symbol.index(after: index)
                continue
            }
            let inner = symbol[symbol.index(after: index)..<close]
            if let labels = argumentLabels(inner) {
                result += isClosure ? "()" : "(" + labels.map { ($0.hasPrefix("$") ? "_" : $0) + ":" }.joined() + ")"
            } else {
                result += symbol[index...close]
            }
            index = symbol.index(after: close)
        }
        return result
    }

    /// The labels of `a=1, b="x"`, or nil when a part is not `label=value`.
    private static func argumentLabels(_ inner: Substring) -> [String]? {
        var labels: [String] = []
        for part in splitTopLevel(inner) {
            let trimmed = part.drop { $0 == " " }
            guard let equals = trimmed.firstIndex(of: "=") else { return nil }
            let label = trimmed[..<equals]
            guard !label.isEmpty, label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }) else {
                return nil
            }
            labels.append(String(label))
        }
        return labels.isEmpty ? nil : labels
    }

    /// Splits on commas outside brackets and string literals.
    private static func splitTopLevel(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// The `)` closing the `(` at `open`, skipping string literals.
    private static func matchingParenthesis(in text: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var inString = false
        var escaped = false
        var index = open
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }
}
