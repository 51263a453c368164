import SwiftParser
import SwiftSyntax

/// One Swift file, parsed once and shared by every rule.
///
/// ```swift
/// let source = ParsedSource(path: "A.swift", text: "final class A {}")
/// print(source.lineCount)  // 1
/// ```
final class ParsedSource: Sendable {
    /// The path as reported in findings.
    let path: String
    /// The syntax tree.
    let tree: SourceFileSyntax
    /// Converts positions to line and column.
    let converter: SourceLocationConverter
    /// Number of lines in the file (for the lines-per-second figure).
    let lineCount: Int

    /// Parses `text`; the parser never fails, it recovers around bad syntax.
    init(path: String, text: String) {
        self.path = path
        self.tree = Parser.parse(source: text)
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        var lines = 0
        for byte in text.utf8 where byte == UInt8(ascii: "\n") { lines += 1 }
        if let last = text.utf8.last, last != UInt8(ascii: "\n") { lines += 1 }
        self.lineCount = lines
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
                code[line, default: ""] += (separated ? " " : "") + token.text
            }
            spaceBefore = !token.trailingTrivia.isEmpty
        }
        var texts: [Int: String] = [:]
        let rawLines = lines.subtracting(code.keys).isEmpty
            ? [] : tree.description.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            if let text = code[line] {
                texts[line] = text
            } else if line >= 1, line <= rawLines.count {
                texts[line] = rawLines[line - 1].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
        }
        return texts
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
