import ProbeSupport
import SwiftParser
import SwiftSyntax

/// One Swift file, parsed once and shared by every rule.
///
/// ```swift
/// let source = ParsedSource(path: "A.swift", text: "final class A {}")
/// print(source.lineCount)  // 1
/// ```
final class ParsedSource: Sendable {
    /// The deepest nesting lint accepts: brackets, or syntax nodes one
    /// inside another (a long `else if` chain, function-type arrows, member
    /// chains). Deeper files are skipped and named. The rules' visitors
    /// recurse once per level, and this many levels fit in
    /// ``LargeStackThread/stackSize`` with room to spare even in debug builds.
    static let maximumNestingDepth = 20_000

    /// The parser's own bracket limit: beyond it swift-syntax stops parsing
    /// and keeps the rest of the file as unexpected tokens, so a finding
    /// after a deep literal would be lost. Set to ``maximumNestingDepth``,
    /// which fits the large stack (its default, 256, or 20 in debug builds,
    /// is sized for an 8 MiB one).
    static let parserNestingLevel = maximumNestingDepth

    /// The path as reported in findings.
    let path: String
    /// The text as read, which `--fix` edits and line texts quote.
    let text: String
    /// The syntax tree, parsed from the text after ``SourcePrescan`` (the same
    /// bytes at the same offsets, except `[` `]` nested too deep for the
    /// parser's lookahead, which read as `(` `)`).
    let tree: SourceFileSyntax
    /// Converts positions to line and column.
    let converter: SourceLocationConverter
    /// Number of lines in the file (for the lines-per-second figure).
    let lineCount: Int
    /// The deeper of the bracket nesting and the syntax tree's depth.
    let nestingDepth: Int

    /// Parses `text`; the parser never fails, it recovers around bad syntax.
    /// Parsing runs on a thread with a large stack, so deep input cannot
    /// overflow the caller's stack; a file nested deeper than
    /// ``maximumNestingDepth`` brackets is not parsed (its tree is empty and
    /// ``nestingDepth`` says why).
    convenience init(path: String, text: String) {
        switch LargeStackThread.run({ ParsedSource.Parts(text: text, path: path) }) {
        case .finished(let parts): self.init(path: path, text: text, parts: parts)
        case .overBudget, .noThread: self.init(path: path, text: text, parts: Parts(text: "", path: path))
        }
    }

    /// Parses `text` on the calling thread, which must have a large stack.
    convenience init(parsingOnThisThread text: String, path: String) {
        self.init(path: path, text: text, parts: Parts(text: text, path: path))
    }

    private init(path: String, text: String, parts: Parts) {
        self.path = path
        self.text = text
        self.tree = parts.tree
        self.converter = parts.converter
        self.nestingDepth = parts.nestingDepth
        var lines = 0
        for byte in text.utf8 where byte == UInt8(ascii: "\n") { lines += 1 }
        if let last = text.utf8.last, last != UInt8(ascii: "\n") { lines += 1 }
        self.lineCount = lines
    }

    /// What parsing produces; made on the large-stack thread.
    private struct Parts: @unchecked Sendable {  // the tree is immutable once built
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter
        var nestingDepth: Int

        init(text: String, path: String) {
            let scan = SourcePrescan(text: text)
            guard scan.maximumDepth <= ParsedSource.maximumNestingDepth else {
                tree = Parser.parse(source: "")
                converter = SourceLocationConverter(fileName: path, tree: tree)
                nestingDepth = scan.maximumDepth
                return
            }
            var scanned = scan.text
            tree = scanned.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: ParsedSource.parserNestingLevel) }
            converter = SourceLocationConverter(fileName: path, tree: tree)
            nestingDepth = max(scan.maximumDepth, Self.depth(of: Syntax(tree)))
        }

        /// The syntax tree's depth, measured without recursion.
        static func depth(of root: Syntax) -> Int {
            var deepest = 0
            var pending: [(node: Syntax, depth: Int)] = [(root, 1)]
            while let (node, depth) = pending.popLast().map({ ($0.node, $0.depth) }) {
                deepest = max(deepest, depth)
                for child in node.children(viewMode: .sourceAccurate) { pending.append((child, depth + 1)) }
            }
            return deepest
        }
    }

    /// Line and column where `node` starts, after its leading trivia.
    func location(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let location = node.startLocation(converter: converter)
        return (location.line, location.column)
    }

    /// The code on each of `lines`: its tokens, with one space wherever
    /// the source has whitespace or a comment between two of them, so layout
    /// and comments do not change it. A line holding only a comment (a
    /// suppression) gives the comment, whitespace collapsed.
    func normalizedLines(_ lines: Set<Int>) -> [Int: String] {
        var code: [Int: String] = [:]
        var spaceBefore = false
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind != .endOfFile {
            let line = converter.location(for: token.positionAfterSkippingLeadingTrivia).line
            if lines.contains(line) {
                let separated = (spaceBefore || !token.leadingTrivia.isEmpty) && code[line] != nil
                code[line, default: ""] += (separated ? " " : "") + originalText(of: token)
            }
            spaceBefore = !token.trailingTrivia.isEmpty
        }
        var texts: [Int: String] = [:]
        let rawLines = lines.subtracting(code.keys).isEmpty
            ? [] : text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            if let text = code[line] {
                texts[line] = text
            } else if line >= 1, line <= rawLines.count {
                texts[line] = rawLines[line - 1].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
        }
        return texts
    }

    /// `token` as written: ``SourcePrescan`` may have made a `[` into `(`.
    private func originalText(of token: TokenSyntax) -> String {
        guard token.tokenKind == .leftParen || token.tokenKind == .rightParen else { return token.text }
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: token.positionAfterSkippingLeadingTrivia.utf8Offset)
        let end = text.utf8.index(start, offsetBy: token.trimmedLength.utf8Length)
        return String(text[start..<end])
    }

    /// Lines a suppression comment for a finding at `node` may sit on: from the
    /// first comment attached before the enclosing declaration to `node`'s line,
    /// and the comments and attributes before each declaration that encloses
    /// that one (a comment above a type covers its members, as SwiftLint's
    /// `disable:next` does).
    ///
    /// A comment belongs to a declaration when it is in that declaration's
    /// leading trivia, so doc comments and attributes between the suppression
    /// and the flagged line do not break the link.
    func suppressionLines(for node: some SyntaxProtocol) -> [ClosedRange<Int>] {
        let findingLine = location(of: node).line
        var declarations: [Syntax] = []
        var cursor: Syntax? = Syntax(node)
        while let current = cursor {
            if current.is(DeclSyntax.self) { declarations.append(current) }
            cursor = current.parent
        }
        guard let innermost = declarations.first else { return [findingLine...findingLine] }
        var ranges = [min(leadingCommentLine(of: innermost), findingLine)...findingLine]
        for enclosing in declarations.dropFirst() {
            // The declaration's own first line is where its attributes and
            // keywords start; the comments above it come before.
            let declarationLine = converter.location(for: enclosing.positionAfterSkippingLeadingTrivia).line
            ranges.append(leadingCommentLine(of: enclosing)...declarationLine)
        }
        return ranges
    }

    /// The line of the first comment in `declaration`'s leading trivia, else
    /// the line the declaration starts on.
    private func leadingCommentLine(of declaration: Syntax) -> Int {
        var offset = declaration.position
        for piece in declaration.leadingTrivia.pieces {
            if piece.isComment { return converter.location(for: offset).line }
            offset += piece.sourceLength
        }
        return location(of: declaration).line
    }
}
