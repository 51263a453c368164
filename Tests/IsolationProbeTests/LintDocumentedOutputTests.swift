import Foundation
import Testing

@testable import IsolationLint

/// The lint outputs `docs/lint-on-real-code.md` quotes, each produced from
/// the files quoted before it. In the article, `<!-- lint-file: PATH -->`
/// before a code block makes it the file PATH; `<!-- lint-output -->` before
/// a code block quotes what `isolation-lint Sources` prints for the files
/// since the previous output (a `.isolation-probe.json` among them is the
/// configuration). A quoted line ending in `…` stands for the lines that
/// start with the text before it.
@Suite("lint: outputs quoted in docs/lint-on-real-code.md")
struct LintDocumentedOutputTests {
    /// Files and the output quoted after them.
    struct Quote: CustomTestStringConvertible {
        var files: [(path: String, text: String)] = []
        var output: [String] = []
        /// The line of the article the output block starts at.
        var line = 0
        var testDescription: String { "output at docs/lint-on-real-code.md:\(line)" }
    }

    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/lint-on-real-code.md")

    static func quotes() throws -> [Quote] {
        let lines = try String(contentsOf: article, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var quotes: [Quote] = []
        var pending = Quote()
        var index = 0
        while index < lines.count {
            let marker = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            let file = marker.hasPrefix("<!-- lint-file: ") && marker.hasSuffix(" -->")
            guard file || marker == "<!-- lint-output -->", index < lines.count, lines[index].hasPrefix("```") else { continue }
            let start = index + 1
            var end = start
            while end < lines.count, lines[end] != "```" { end += 1 }
            let block = Array(lines[start..<min(end, lines.count)])
            index = end + 1
            if file {
                let path = String(marker.dropFirst("<!-- lint-file: ".count).dropLast(" -->".count))
                pending.files.append((path, block.joined(separator: "\n") + "\n"))
            } else {
                pending.output = block
                pending.line = start
                quotes.append(pending)
                pending = Quote()
            }
        }
        return quotes
    }

    @Test("the article's quotes are found")
    func articleHasQuotes() throws {
        #expect(try Self.quotes().count >= 3)
    }

    @Test("each quoted output is what lint prints for the files quoted before it", arguments: try quotes())
    func quotedOutput(_ quote: Quote) throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        for file in quote.files { try tree.write(file.text, to: file.path) }
        let sources = tree.path("Sources")
        var configuration = try LintConfiguration.discover(for: [sources]) ?? LintConfiguration(root: tree.root)
        configuration.readsPackageManifests = false
        let printed = try LintEngine(configuration: configuration).lint(paths: [sources]).render(.text)
            .replacingOccurrences(of: tree.root + "/", with: "")
            .split(separator: "\n").map(String.init)
        #expect(printed.count == quote.output.count, "lint printed:\n\(printed.joined(separator: "\n"))")
        for (quoted, line) in zip(quote.output, printed) {
            let matches = quoted.hasSuffix("…") ? line.hasPrefix(String(quoted.dropLast())) : line == quoted
            #expect(matches, "quoted:\n\(quoted)\nprinted:\n\(line)")
        }
    }
}
