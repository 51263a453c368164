import Foundation

/// A Swift snippet whose compiler verdict the test suite asserts.
///
/// A fixture file states its expectations inline:
///
/// ```swift
/// // mutex: same
/// import SafeBox
/// let box = SafeBox(0)
/// var other = SafeBox(0) // expected-error: must be declared with a 'let'
/// ```
///
/// - Each `// expected-error: <text>` marks an error whose message contains
///   `<text>` on that line; several may share a line. Every error the
///   compiler reports must be expected, and every expectation must be met.
///   A fixture without markers must compile with no errors.
/// - `// mutex: same` also compiles the snippet with `SafeBox` replaced by
///   the standard library's `Mutex` and requires the same verdict at the
///   same lines. `// mutex: skip <reason>` says why that comparison does not
///   apply (API that Mutex lacks).
public struct Fixture: Sendable {
    public let name: String
    public let source: String
    public let expectedErrors: [ExpectedDiagnostic]
    public let mutexComparison: MutexComparison

    public enum MutexComparison: Sendable, Equatable {
        case same
        case skip(reason: String)
    }

    public struct ExpectedDiagnostic: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let messageFragment: String
        public var description: String { "line \(line): error containing \"\(messageFragment)\"" }
    }

    public init(name: String, source: String) throws(FixtureError) {
        self.name = name
        self.source = source
        var expected: [ExpectedDiagnostic] = []
        var comparison: MutexComparison?
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let pieces = line.components(separatedBy: "// expected-error:")
            for fragment in pieces.dropFirst() {
                let text = fragment.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { throw .emptyExpectation(fixture: name, line: index + 1) }
                expected.append(ExpectedDiagnostic(line: index + 1, messageFragment: text))
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// mutex: same" {
                comparison = .same
            } else if trimmed.hasPrefix("// mutex: skip") {
                let reason = trimmed.dropFirst("// mutex: skip".count).trimmingCharacters(in: .whitespaces)
                guard !reason.isEmpty else { throw .missingSkipReason(fixture: name) }
                comparison = .skip(reason: reason)
            }
        }
        guard let comparison else { throw .missingMutexDirective(fixture: name) }
        self.expectedErrors = expected
        self.mutexComparison = comparison
    }

    /// Every `*.swift` fixture in `directory`, sorted by name.
    public static func all(in directory: URL) throws -> [Fixture] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }
            .sorted()
        guard !names.isEmpty else { throw FixtureError.noFixtures(directory: directory.path) }
        return try names.map { name in
            let source = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            return try Fixture(name: name, source: source)
        }
    }

    /// The snippet rewritten to use `Synchronization.Mutex` instead of SafeBox.
    public var mutexVariant: String {
        source
            .replacingOccurrences(of: "import SafeBox", with: "import Synchronization")
            .replacingOccurrences(of: #"\bSafeBox\b"#, with: "Mutex", options: .regularExpression)
    }
}

public enum FixtureError: Error, CustomStringConvertible {
    case noFixtures(directory: String)
    case missingMutexDirective(fixture: String)
    case missingSkipReason(fixture: String)
    case emptyExpectation(fixture: String, line: Int)

    public var description: String {
        switch self {
        case .noFixtures(let directory):
            "no *.swift fixtures in \(directory)"
        case .missingMutexDirective(let fixture):
            "\(fixture): add `// mutex: same` or `// mutex: skip <reason>`"
        case .missingSkipReason(let fixture):
            "\(fixture): `// mutex: skip` needs a reason"
        case .emptyExpectation(let fixture, let line):
            "\(fixture):\(line): `// expected-error:` needs the text the message must contain"
        }
    }
}
