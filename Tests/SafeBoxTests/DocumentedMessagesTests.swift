import Foundation
import Testing

import CPThreadShim
@testable import SafeBox

/// The prose a user reads: README.md, every DocC article, and every `///`
/// doc comment under Sources/SafeBox, each flattened to one line so a quote
/// wrapped across lines is found whole.
private struct Documentation {
    static let root = URL(fileURLWithPath: "\(#filePath)")
        .deletingLastPathComponent()  // SafeBoxTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    let texts: [(file: String, text: String)]

    init() throws {
        var texts: [(String, String)] = []
        let flatten = { (text: String) in
            text.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .map { $0.hasPrefix("///") ? String($0.dropFirst(3)).trimmingCharacters(in: .whitespaces) : $0 }
                .joined(separator: " ")
        }
        texts.append(("README.md", flatten(try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8))))
        for file in Self.files(under: "Sources", where: { $0.pathExtension == "md" && $0.path.contains(".docc/") }) {
            texts.append((file.lastPathComponent, flatten(try String(contentsOf: file, encoding: .utf8))))
        }
        for file in Self.files(under: "Sources/SafeBox", where: { $0.pathExtension == "swift" }) {
            let comments = try String(contentsOf: file, encoding: .utf8)
                .split(whereSeparator: \.isNewline)
                .filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
                .joined(separator: "\n")
            texts.append((file.lastPathComponent, flatten(comments)))
        }
        self.texts = texts
    }

    static func files(under folder: String, where include: (URL) -> Bool) -> [URL] {
        let enumerator = FileManager.default.enumerator(
            at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter(include).sorted { $0.path < $1.path }
    }

    /// Every match of `pattern` in the documentation, with its file.
    func quotes(matching pattern: String) throws -> [(file: String, match: [String])] {
        let regex = try NSRegularExpression(pattern: pattern)
        return texts.flatMap { file, text in
            regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { result in
                (file, (0..<result.numberOfRanges).map { String(text[Range(result.range(at: $0), in: text)!]) })
            }
        }
    }
}

@Suite("Messages the documentation quotes")
struct DocumentedMessagesTests {
    /// The pthread calls SafeBox names when it reports a failure: the
    /// second argument of every PThreadFailure.check/fail in the sources.
    static func reportedCalls() throws -> Set<String> {
        let regex = try NSRegularExpression(pattern: #"PThreadFailure\.(?:check|fail)\([^\n]*?"([a-z_]+)"\)"#)
        var calls: Set<String> = []
        for file in Documentation.files(under: "Sources/SafeBox", where: { $0.pathExtension == "swift" }) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                calls.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return calls
    }

    static let errorCodes: [CInt] = [EPERM, EINVAL, EBUSY, EAGAIN, EDEADLK, ENOMEM, ETIMEDOUT, ENOTSUP, EINTR]

    @Test("every quoted 'call failed: ERROR (meaning)' is a message SafeBox produces, for a call it makes")
    func quotedPThreadFailures() throws {
        let documentation = try Documentation()
        let quoted = try documentation.quotes(matching: #"([a-z_]+) failed: (E[A-Z]+) \(([^)]*)\)"#)
        // The README quotes at least one: a test of nothing would pass.
        #expect(quoted.contains { $0.file == "README.md" })
        let calls = try Self.reportedCalls()
        #expect(calls.contains("pthread_mutex_unlock") && calls.contains("pthread_rwlock_unlock"))
        for (file, match) in quoted {
            let (text, call, errorName) = (match[0], match[1], match[2])
            #expect(calls.contains(call), "\(file) quotes a failure of \(call), which SafeBox never reports: \(text)")
            let code = Self.errorCodes.first { String(cString: cpts_error_name($0)) == errorName }
            #expect(code != nil, "\(file) quotes an error SafeBox cannot name: \(text)")
            if let code {
                #expect(PThreadFailure.message(code, call) == text, "\(file) quotes a message SafeBox words differently")
            }
        }
    }

    @Test("every quoted SafeBox or ReaderWriterBox misuse message is in the sources")
    func quotedMisuseMessages() throws {
        let documentation = try Documentation()
        // Sources with string concatenations across lines joined up.
        var sources = ""
        for file in Documentation.files(under: "Sources/SafeBox", where: { $0.pathExtension == "swift" }) {
            sources += try String(contentsOf: file, encoding: .utf8)
        }
        sources = sources.replacingOccurrences(of: #""\s*\+\s*""#, with: "", options: .regularExpression)
        let quoted = try documentation.quotes(matching: #""((?:SafeBox|ReaderWriterBox) [a-z][^"]{10,})""#)
        #expect(!quoted.isEmpty)
        for (file, match) in quoted {
            let produced = sources.contains(match[1])
            #expect(produced, "\(file) quotes \"\(match[1])\", which no SafeBox source produces")
        }
    }
}
