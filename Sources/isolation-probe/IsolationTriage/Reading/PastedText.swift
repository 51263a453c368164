import Foundation

/// Turns bytes into the lines a parser reads: decoded as UTF-8, line endings
/// unified, terminal colour codes and issue-tracker quote prefixes (`> `)
/// removed, and frame lines that a tracker or terminal wrapped joined again.
///
/// ```swift
/// let text = try PastedText.decode(data, source: "crash.txt")
/// let lines = PastedText.unquotedLines(of: text)     // for JSON (.ips)
/// let frames = PastedText.rejoinWrappedFrames(lines)  // for the text formats
/// ```
public enum PastedText {
    /// Inputs larger than this are refused with a message rather than read:
    /// every format here is linear to read, and a 64 MiB log still triages
    /// in seconds, but a larger file is a log to cut, not a report.
    public static let maximumBytes = 64 * 1_048_576

    /// Decodes `data` as UTF-8 text, refusing empty, binary and oversized input.
    ///
    /// ```swift
    /// try PastedText.decode(Data("frame #0: 0x1 a`b\n".utf8), source: "<stdin>")
    /// ```
    public static func decode(_ data: Data, source: String) throws(TriageInputError) -> String {
        if data.count > maximumBytes {
            throw .tooLarge(source: source, bytes: data.count, limit: maximumBytes)
        }
        var controlBytes = 0
        var nulBytes = 0
        for byte in data {
            if byte == 0 { nulBytes += 1 }
            // Tab, LF, VT, FF, CR and ESC (colour codes) occur in real logs.
            else if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0B, byte != 0x0C, byte != 0x0D, byte != 0x1B {
                controlBytes += 1
            }
        }
        let text = String(decoding: data, as: UTF8.self)
        let replaced = text.unicodeScalars.reduce(into: 0) { count, scalar in if scalar == "\u{FFFD}" { count += 1 } }
        let suspicious = nulBytes + controlBytes + replaced
        // A pasted report may carry a stray NUL or mis-encoded byte; more
        // than one byte in a hundred means it is not text.
        if suspicious > 0, suspicious * 100 > max(data.count, 1) {
            var parts: [String] = []
            if nulBytes > 0 { parts.append("\(nulBytes) NUL byte(s)") }
            if controlBytes > 0 { parts.append("\(controlBytes) control byte(s)") }
            if replaced > 0 { parts.append("\(replaced) byte sequence(s) that are not UTF-8") }
            throw .binary(source: source, detail: parts.joined(separator: ", ") + " in \(data.count) bytes")
        }
        if text.allSatisfy(\.isWhitespace) { throw .empty(source: source) }
        return text
    }

    /// The text's lines with `\r\n`/`\r` endings unified, ANSI colour codes
    /// removed and quote prefixes (`> `, `>> `) stripped. Indentation is kept.
    ///
    /// ```swift
    /// PastedText.unquotedLines(of: "> > frame #0: x\r\nnext")   // ["frame #0: x", "next"]
    /// ```
    public static func unquotedLines(of text: String) -> [String] {
        // Splits on bytes: `\r\n`, `\n` and `\r` end a line (a Character
        // split would be several times slower on a large log).
        var lines: [String] = []
        var start = text.utf8.startIndex
        var index = start
        let end = text.utf8.endIndex
        while index < end {
            let byte = text.utf8[index]
            guard byte == 0x0A || byte == 0x0D else {
                text.utf8.formIndex(after: &index)
                continue
            }
            lines.append(clean(text[start..<index]))
            text.utf8.formIndex(after: &index)
            if byte == 0x0D, index < end, text.utf8[index] == 0x0A { text.utf8.formIndex(after: &index) }
            start = index
        }
        lines.append(clean(text[start..<end]))
        return lines
    }

    /// Joins frame lines that were wrapped onto the next line back together.
    ///
    /// A line is a continuation when the previous line is a frame line
    /// (`3  libdispatch …`, `frame #3: …`, `#3 …`) or an lldb thread line
    /// (`* thread #3, queue = …, stop reason = …`) and it does not itself start
    /// a frame, thread, header or key line. It is joined with a space when the
    /// break was at a space (either side had whitespace, or the first line is
    /// short enough to be an editor's soft wrap) and without one otherwise
    /// (a terminal hard-wrapping at a fixed width cuts words).
    ///
    /// ```swift
    /// PastedText.rejoinWrappedFrames(["frame #5: 0x1 App`closure #1 in Foo.bar(x=1,", "y=2) at F.swift:3"])
    /// // ["frame #5: 0x1 App`closure #1 in Foo.bar(x=1, y=2) at F.swift:3"]
    /// ```
    public static func rejoinWrappedFrames(_ lines: [String]) -> [String] {
        var joined: [String] = []
        joined.reserveCapacity(lines.count)
        var previousIsFrame = false
        for line in lines {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if previousIsFrame, !trimmed.isEmpty, !startsRecord(trimmed), !joined.isEmpty {
                // Edited in place, and only its end looked at: a frame with
                // many continuation lines must cost linear time.
                let last = joined.count - 1
                let softBreak = joined[last].last?.isWhitespace == true || trimmed.startIndex != line.startIndex
                    || joined[last].prefix(60).count < 60
                if softBreak {
                    while joined[last].last?.isWhitespace == true { joined[last].removeLast() }
                    joined[last] += " "
                }
                joined[last] += trimmed
                continue
            }
            // A sentence the terminal or tracker broke at a space (`…its continuation ` over `more than once, …`).
            if !previousIsFrame, let last = joined.last, last.last == " ", last.contains(where: { !$0.isWhitespace }),
               let first = trimmed.first, first.isLowercase, trimmed.startIndex == line.startIndex {
                joined[joined.count - 1] += trimmed
                continue
            }
            joined.append(line)
            previousIsFrame = isFrameLine(trimmed) || trimmed.hasPrefix("thread #") || trimmed.hasPrefix("* thread #")
        }
        return joined
    }

    /// Frames copied from a crash service's web page, one field per line
    /// (the number, the image, `File.swift - Line 77` when it has one, the
    /// symbol), joined into one frame line each. Two frames in a row at
    /// least: a lone number over a word is not a frame.
    ///
    /// ```swift
    /// PastedText.joiningFieldPerLineFrames(["2", "MyApp", "Cart.swift - Line 77", "Cart.add(_:) + 77", "3", "UIKitCore", "-[UIApplication sendAction:] + 40"])
    /// // ["2  MyApp  Cart.add(_:) + 77 (Cart.swift:77)", "3  UIKitCore  -[UIApplication sendAction:] + 40"]
    /// ```
    public static func joiningFieldPerLineFrames(_ lines: [String]) -> [String] {
        func trimmed(_ at: Int) -> Substring? {
            guard at < lines.count else { return nil }
            let line = lines[at].drop { $0 == " " || $0 == "\t" }
            return line.isEmpty ? nil : line
        }
        func isNumber(_ text: Substring) -> Bool { text.count <= 4 && text.allSatisfy { $0.isASCII && $0.isNumber } }
        /// The frame at `at` and the line after it, if one starts there.
        func frame(at: Int) -> (String, Int)? {
            guard let number = trimmed(at), isNumber(number), let image = trimmed(at + 1), !isNumber(image),
                  !image.contains(" "), !image.contains("\t") else { return nil }
            var symbolAt = at + 2
            var place = ""
            if let fileLine = trimmed(symbolAt), let dash = fileLine.range(of: " - Line "),
               case let line = fileLine[dash.upperBound...], !line.isEmpty, line.allSatisfy(\.isNumber), !fileLine[..<dash.lowerBound].contains(" ") {
                place = " (\(fileLine[..<dash.lowerBound]):\(line))"
                symbolAt += 1
            }
            guard let symbol = trimmed(symbolAt), !isNumber(symbol) else { return nil }
            return ("\(number)  \(image)  \(symbol)\(place)", symbolAt + 1)
        }
        var out: [String] = []
        out.reserveCapacity(lines.count)
        var at = 0
        while at < lines.count {
            guard let (first, next) = frame(at: at), frame(at: next) != nil else {
                out.append(lines[at])
                at += 1
                continue
            }
            out.append(first)
            at = next
            while let (more, after) = frame(at: at) {
                out.append(more)
                at = after
            }
        }
        return out
    }

    /// `3  libdispatch.dylib …`, `frame #3: …`, `* frame #3: …`, `#3 0x…`.
    static func isFrameLine(_ trimmed: Substring) -> Bool {
        var rest = trimmed
        if rest.hasPrefix("* ") { rest = rest.dropFirst(2) }
        if rest.hasPrefix("frame #") || (rest.hasPrefix("#") && rest.dropFirst().first?.isNumber == true) { return true }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && rest.dropFirst(digits.count).first.map { $0 == " " || $0 == "\t" } == true
    }

    /// Whether a line begins something of its own rather than continuing a
    /// wrapped frame line.
    static func startsRecord(_ trimmed: Substring) -> Bool {
        // A `sample` or spindump tree line (`+ 1777 main  (in App) + 64`) under its thread's count line.
        if isFrameLine(trimmed) || FrameLinePrefixes.sampleFrame(trimmed) != nil { return true }
        let starts = ["*", "...", "…", "thread #", "Thread ", "---", "===", "Fatal error", "fatal error",
                      "warning:", "error:", "Binary Images", "Crashed", "Program", "Backtrace", "(lldb)", "Process "]
        if starts.contains(where: { trimmed.hasPrefix($0) }) { return true }
        // `Exception Type:  EXC_BREAKPOINT` and other report header keys.
        if let colon = trimmed.firstIndex(of: ":"), trimmed.distance(from: trimmed.startIndex, to: colon) <= 40,
           trimmed.first?.isUppercase == true,
           trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "_" || $0 == "-" }) {
            return true
        }
        return false
    }

    private static func clean(_ raw: Substring) -> String {
        var line = raw.utf8.contains(0x1B) ? Substring(stripANSI(raw)) : raw
        // Quote prefixes from issue trackers and mail: `> `, `>> `, `> > `.
        var probe = line.drop { $0 == " " || $0 == "\t" }
        if probe.first == ">" {
            while probe.first == ">" {
                probe = probe.dropFirst()
                // `> > x` has spaces between the markers; `> x` one after.
                let spaces = probe.prefix { $0 == " " }
                if probe.dropFirst(spaces.count).first == ">" {
                    probe = probe.dropFirst(spaces.count)
                } else if probe.first == " " {
                    probe = probe.dropFirst()
                }
            }
            line = probe
        }
        // An issue tracker's HTML around a pasted block: `<pre>frame…`, `…</pre>`, `<code>`.
        for tag in ["<pre>", "<code>"] where line.hasPrefix(tag) { line = line.dropFirst(tag.count) }
        for tag in ["</pre>", "</code>"] where line.hasSuffix(tag) { line = line.dropLast(tag.count) }
        // Markdown's escapes, as a tracker stores a message typed outside a code block: `**\* Terminating`, `malloc: **\* error`.
        if line.utf8.contains(0x5C) {
            return unescapingMarkdown(line)
        }
        return String(line)
    }

    /// `\*` and `\_` (and `\#`, `` \` ``) as Markdown writes a literal
    /// `*`, `_`: the character alone. Other backslashes (a key path `\Cart.items`,
    /// a Windows path) are kept.
    static func unescapingMarkdown(_ line: Substring) -> String {
        var result = ""
        result.reserveCapacity(line.utf8.count)
        var previousWasBackslash = false
        for character in line {
            if previousWasBackslash {
                if !"*_#`".contains(character) { result.append("\\") }
                result.append(character)
                previousWasBackslash = false
            } else if character == "\\" {
                previousWasBackslash = true
            } else {
                result.append(character)
            }
        }
        if previousWasBackslash { result.append("\\") }
        return result
    }

    /// Removes `ESC [ … final-byte` sequences (terminal colours and styles).
    private static func stripANSI(_ text: Substring) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            guard scalar == "\u{1B}" else { result.unicodeScalars.append(scalar); continue }
            guard scalars.first == "[" else { continue }
            scalars = scalars.dropFirst()
            // Parameters and intermediates, then one final byte in @…~.
            while let next = scalars.first {
                scalars = scalars.dropFirst()
                if (0x40...0x7E).contains(next.value) { break }
            }
        }
        return result
    }
}

extension StringProtocol {
    func trimmingTrailingWhitespace() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return String(self[..<end])
    }
}
