import Foundation

/// A fenced ```` ```swift ```` block from a DocC article or a `///` doc
/// comment, ready to be compiled against the built modules.
///
/// What a block may say about how it is checked, on the line just before
/// its opening fence (an HTML comment, so DocC does not render it):
///
/// - `<!-- doc-check: skip REASON -->`: not compiled here; the reason is
///   required (the code uses a library or platform this package cannot
///   build against, such as SwiftNIO or Darwin's `os`).
/// - `<!-- doc-check: continues -->`: compiled after the previous checked
///   block of the same article or doc comment, for a story told in steps.
///
/// Inside the block, `// error: TEXT` asserts a compile error whose message
/// contains TEXT, on the same line when code precedes the comment, else on
/// the nearest line above that holds code. Every error the compiler reports
/// must be asserted this way, so an example that shows a rejection really
/// is rejected, and for the reason it shows. Warnings fail the check too.
///
/// Examples are fragments: each is compiled in script mode (top-level
/// statements allowed) with `import DocExampleContext` prepended, a module
/// that re-exports SafeBox, LoggingSink, LoggingSinkSwiftLog, swift-log's
/// `Logging` and Foundation, and declares the few names that fragments
/// assume (`Networking.log`, `client`, `capture`…). A name an example
/// declares itself shadows the context's.
struct DocumentationExample: Sendable, CustomStringConvertible {
    /// An error the example asserts: its line in ``source`` and the text its message contains.
    struct ExpectedError: Sendable, Equatable {
        let line: Int
        let fragment: String
    }

    /// The file, relative to the package root.
    let file: String
    /// The line of the opening fence in ``file``.
    let fenceLine: Int
    /// The code to compile: the steps this block continues, then the block.
    let source: String
    /// For each line of ``source``, its line in ``file``.
    let fileLines: [Int]
    let expectedErrors: [ExpectedError]
    /// Why the block is not compiled, for `skip` blocks.
    let skipReason: String?

    var description: String { "\(file):\(fenceLine)" }
}

struct DocumentationExampleError: Error, CustomStringConvertible {
    let file: String
    let line: Int
    let problem: String
    var description: String { "\(file):\(line): \(problem)" }
}

extension DocumentationExample {
    static let directivePrefix = "<!-- doc-check:"

    /// Every ```` ```swift ```` block of a Markdown article.
    static func inArticle(_ text: String, file: String) throws(DocumentationExampleError) -> [DocumentationExample] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return try blocks(in: lines.enumerated().map { (text: $0.element, fileLine: $0.offset + 1) }, file: file)
    }

    /// Every ```` ```swift ```` block of the `///` doc comments of a Swift
    /// source file; each doc comment is its own article, so `continues`
    /// never reaches across declarations.
    static func inDocComments(_ text: String, file: String) throws(DocumentationExampleError) -> [DocumentationExample] {
        var comments: [[(text: String, fileLine: Int)]] = []
        var current: [(text: String, fileLine: Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("///") {
                var content = trimmed.dropFirst(3)
                if content.hasPrefix(" ") { content = content.dropFirst() }
                current.append((String(content), index + 1))
            } else if !current.isEmpty {
                comments.append(current)
                current = []
            }
        }
        if !current.isEmpty { comments.append(current) }
        var examples: [DocumentationExample] = []
        for comment in comments { examples += try blocks(in: comment, file: file) }
        return examples
    }

    /// The Swift blocks among `lines`, with their directives applied.
    private static func blocks(
        in lines: [(text: String, fileLine: Int)], file: String
    ) throws(DocumentationExampleError) -> [DocumentationExample] {
        var examples: [DocumentationExample] = []
        var previousChecked: DocumentationExample?
        var index = 0
        while index < lines.count {
            let opening = lines[index]
            let indentation = opening.text.prefix { $0 == " " }.count
            let trimmed = opening.text.dropFirst(indentation)
            guard trimmed.hasPrefix("```") else { index += 1; continue }
            let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
            // Find the closing fence whatever the language, so a fence inside
            // a non-Swift block is never mistaken for an opening one.
            var end = index + 1
            while end < lines.count, !lines[end].text.dropFirst(indentation).hasPrefix("```") { end += 1 }
            guard end < lines.count else {
                throw DocumentationExampleError(file: file, line: opening.fileLine, problem: "code block is never closed")
            }
            defer { index = end + 1 }
            guard info.split(separator: " ").first == "swift" else { continue }

            let body = lines[(index + 1)..<end].map { line in
                (text: String(line.text.dropFirst(min(indentation, line.text.prefix { $0 == " " }.count))),
                 fileLine: line.fileLine)
            }
            let directive = try Self.directive(before: index, in: lines, file: file)
            switch directive {
            case .skip(let reason):
                examples.append(DocumentationExample(
                    file: file, fenceLine: opening.fileLine, source: "", fileLines: [],
                    expectedErrors: [], skipReason: reason))
            case .none, .continues:
                var prefix: [(text: String, fileLine: Int)] = []
                if case .continues = directive {
                    guard let previous = previousChecked else {
                        throw DocumentationExampleError(
                            file: file, line: opening.fileLine,
                            problem: "`doc-check: continues` but no earlier checked Swift block to continue")
                    }
                    guard previous.expectedErrors.isEmpty else {
                        throw DocumentationExampleError(
                            file: file, line: opening.fileLine,
                            problem: "`doc-check: continues` a block that asserts compile errors; move the failing line into this block")
                    }
                    prefix = zip(previous.source.split(separator: "\n", omittingEmptySubsequences: false), previous.fileLines)
                        .map { (String($0), $1) }
                }
                let all = prefix + body
                let example = DocumentationExample(
                    file: file, fenceLine: opening.fileLine,
                    source: all.map(\.text).joined(separator: "\n"),
                    fileLines: all.map(\.fileLine),
                    expectedErrors: try expectedErrors(in: all.map(\.text), file: file, fileLines: all.map(\.fileLine)),
                    skipReason: nil)
                examples.append(example)
                previousChecked = example
            }
        }
        return examples
    }

    private enum Directive { case none, skip(String), continues }

    /// The `doc-check` comment on the last non-blank line before the fence at `fence`.
    private static func directive(
        before fence: Int, in lines: [(text: String, fileLine: Int)], file: String
    ) throws(DocumentationExampleError) -> Directive {
        var index = fence - 1
        while index >= 0, lines[index].text.allSatisfy(\.isWhitespace) { index -= 1 }
        guard index >= 0 else { return .none }
        let line = lines[index].text.trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix(directivePrefix) else { return .none }
        guard line.hasSuffix("-->") else {
            throw DocumentationExampleError(
                file: file, line: lines[index].fileLine, problem: "`doc-check` comment must end on its line with -->")
        }
        let words = line.dropFirst(directivePrefix.count).dropLast(3).trimmingCharacters(in: .whitespaces)
        if words == "continues" { return .continues }
        if words.hasPrefix("skip") {
            let reason = words.dropFirst(4).trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else {
                throw DocumentationExampleError(
                    file: file, line: lines[index].fileLine, problem: "`doc-check: skip` needs a reason")
            }
            return .skip(reason)
        }
        throw DocumentationExampleError(
            file: file, line: lines[index].fileLine,
            problem: "unknown `doc-check` directive \"\(words)\" (expected `skip REASON` or `continues`)")
    }

    /// The `// error: TEXT` assertions of `lines`, by line of the compiled source.
    private static func expectedErrors(
        in lines: [String], file: String, fileLines: [Int]
    ) throws(DocumentationExampleError) -> [ExpectedError] {
        var expected: [ExpectedError] = []
        var lastCodeLine: Int?
        for (offset, line) in lines.enumerated() {
            let sourceLine = offset + 1
            let marker = line.range(of: "// error:")
            let code = marker.map { String(line[..<$0.lowerBound]) } ?? line
            let holdsCode = !code.allSatisfy(\.isWhitespace) && !code.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            if let marker {
                let fragment = line[marker.upperBound...].trimmingCharacters(in: .whitespaces)
                guard !fragment.isEmpty else {
                    throw DocumentationExampleError(
                        file: file, line: fileLines[offset], problem: "`// error:` needs the text the message contains")
                }
                guard let target = holdsCode ? sourceLine : lastCodeLine else {
                    throw DocumentationExampleError(
                        file: file, line: fileLines[offset], problem: "`// error:` with no code line above it")
                }
                expected.append(ExpectedError(line: target, fragment: fragment))
            }
            if holdsCode { lastCodeLine = sourceLine }
        }
        return expected
    }
}
