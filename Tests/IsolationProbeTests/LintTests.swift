import Foundation
import Testing
import TestSupport

@testable import IsolationLint

/// Fixture trees live beside this file; each flagged line carries a
/// `// expect: <rule-id>[, <rule-id>]` marker, so the expected findings are
/// read from the fixture rather than written into the test.
enum LintFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Lint")

    static func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    /// A finding reduced to what the fixtures can state: file, line, rule.
    struct Key: Hashable, CustomStringConvertible {
        let file: String
        let line: Int
        let rule: String
        var description: String { "\((file as NSString).lastPathComponent):\(line) \(rule)" }
    }

    /// The `// expect:` markers under `directory`.
    static func expectations(in directory: String) throws -> [Key] {
        var keys: [Key] = []
        for file in try LintEngine.swiftFiles(at: [directory]) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let marker = line.range(of: "expect: ") else { continue }
                for rule in line[marker.upperBound...].split(whereSeparator: { $0 == "," || $0 == " " }) {
                    keys.append(Key(file: file, line: offset + 1, rule: String(rule)))
                }
            }
        }
        return keys
    }

    static func keys(_ findings: [LintFinding]) -> [Key] {
        findings.map { Key(file: $0.file, line: $0.line, rule: $0.rule.rawValue) }
    }
}

@Suite("lint on fixtures")
struct LintFixtureTests {
    @Test("every planted violation in a multi-module tree is reported once, at its line")
    func plantedTree() throws {
        let directory = LintFixtures.path("Planted")
        let report = try LintEngine().lint(paths: [directory])
        let expected = try LintFixtures.expectations(in: directory)
        #expect(expected.count >= 14, "the fixture markers were not read")
        #expect(LintFixtures.keys(report.findings).sorted(by: { $0.description < $1.description })
            == expected.sorted(by: { $0.description < $1.description }))
        #expect(Set(report.findings.map(\.rule)) == [
            .uncheckedSendableStoredClosure, .uncheckedSendableGenericBox, .nonisolatedUnsafeMutableClosure,
            .uncheckedBoxOfClosure, .assumeIsolatedInSendableClosure,
        ])
    }

    @Test("safe forms produce no finding")
    func cleanFile() throws {
        let report = try LintEngine().lint(paths: [LintFixtures.path("Clean")])
        #expect(report.findings == [])
        #expect(report.linesScanned > 100)
    }

    @Test("suppressions silence with a reason and are reported when misused")
    func suppressions() throws {
        let directory = LintFixtures.path("Suppressions")
        let report = try LintEngine().lint(paths: [directory])
        let expected = try LintFixtures.expectations(in: directory)
        #expect(Set(LintFixtures.keys(report.findings)) == Set(expected))
        #expect(report.findings.count == expected.count)
        #expect(report.suppressedCount == 7)
    }

    @Test("the project's own SafeBox and LoggingSink sources are clean")
    func ownLibrariesAreClean() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let report = try LintEngine().lint(paths: [
            sources.appendingPathComponent("SafeBox").path, sources.appendingPathComponent("LoggingSink").path,
        ])
        #expect(report.findings == [], "\(report.findings.map { "\($0.file):\($0.line) \($0.rule.rawValue)" })")
    }
}

@Suite("lint on generated programs")
struct LintGeneratedTests {
    /// A snippet with the offsets (within it) of the lines that must be flagged.
    struct Snippet {
        let lines: [String]
        let flagged: [(offset: Int, rule: LintRule)]
    }

    /// Violating and safe snippets, named with `NAME` so every program differs.
    static func snippets(_ name: String) -> [Snippet] {
        [
            Snippet(lines: [
                "final class \(name)Holder: @unchecked Sendable {",
                "    var count = 0",
                "    var \(name.lowercased())Callback: (Int) -> Void = { _ in }",
                "}",
            ], flagged: [(2, .uncheckedSendableStoredClosure)]),
            Snippet(lines: [
                "final class \(name)Safe: @unchecked Sendable {",
                "    var callback: @Sendable (Int) -> Void = { _ in }",
                "}",
            ], flagged: []),
            Snippet(lines: [
                "struct \(name)Cell<Element>: @unchecked Sendable {",
                "    var element: Element",
                "}",
            ], flagged: [(0, .uncheckedSendableGenericBox)]),
            Snippet(lines: [
                "struct \(name)SendableCell<Element: Sendable>: @unchecked Sendable {",
                "    var element: Element",
                "}",
            ], flagged: []),
            Snippet(lines: [
                "enum \(name)Hooks {",
                "    nonisolated(unsafe) static var onExit: (() -> Void)? = nil",
                "    nonisolated(unsafe) static let fixed: () -> Void = {}",
                "}",
            ], flagged: [(1, .nonisolatedUnsafeMutableClosure)]),
            Snippet(lines: [
                "typealias \(name)Sink = (String) -> Void",
                "final class \(name)Router: @unchecked Sendable {",
                "    private let lock = NSLock()",
                "    private var sinks: [\(name)Sink] = []",
                "}",
            ], flagged: [(3, .uncheckedSendableStoredClosure)]),
        ]
    }

    @Test("random mixes of planted and safe declarations across files", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func generatedProgram(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        var sources: [ParsedSource] = []
        var expected: Set<LintFixtures.Key> = []
        for fileIndex in 0..<3 {
            let path = "Gen\(seed)/File\(fileIndex).swift"
            var lines = ["import Foundation", ""]
            for snippet in Self.snippets("G\(seed)F\(fileIndex)").shuffled(using: &generator) {
                for _ in 0..<Int.random(in: 0...3, using: &generator) { lines.append("// padding") }
                let start = lines.count
                lines += snippet.lines
                for flagged in snippet.flagged {
                    expected.insert(.init(file: path, line: start + flagged.offset + 1, rule: flagged.rule.rawValue))
                }
                lines.append("")
            }
            sources.append(ParsedSource(path: path, text: lines.joined(separator: "\n")))
        }
        let report = LintEngine().lint(sources: sources)
        #expect(Set(LintFixtures.keys(report.findings)) == expected)
        #expect(report.findings.count == expected.count)
    }
}

@Suite("lint output and command")
struct LintOutputTests {
    private func plantedReport() throws -> LintReport {
        try LintEngine().lint(paths: [LintFixtures.path("Planted")])
    }

    @Test("text output uses compiler-style file:line:column lines and a summary")
    func text() throws {
        let report = try plantedReport()
        let text = report.render(.text)
        for finding in report.findings {
            #expect(text.contains("\(finding.file):\(finding.line):\(finding.column): warning: "))
        }
        #expect(text.contains("isolation-probe lint: \(report.findings.count) findings in \(report.filesScanned) files"))
        #expect(report.filesScanned == 8)
    }

    @Test("JSON output round-trips the findings")
    func json() throws {
        let report = try plantedReport()
        let object = try JSONSerialization.jsonObject(with: Data(report.render(.json).utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]])
        #expect(findings.count == report.findings.count)
        #expect(findings.first?["ruleId"] as? String == report.findings.first?.rule.rawValue)
        #expect(findings.first?["line"] as? Int == report.findings.first?.line)
        #expect(object?["linesScanned"] as? Int == report.linesScanned)
    }

    @Test("SARIF output is version 2.1.0 with one result per finding at its region")
    func sarif() throws {
        let report = try plantedReport()
        let log = try JSONSerialization.jsonObject(with: Data(report.render(.sarif).utf8)) as? [String: Any]
        #expect(log?["version"] as? String == "2.1.0")
        let run = try #require((log?["runs"] as? [[String: Any]])?.first)
        let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
        #expect(rules?.compactMap { $0["id"] as? String } == LintRule.allCases.map(\.rawValue))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == report.findings.count)
        let location = (results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        let region = location?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == report.findings.first?.line)
        let artifact = location?["artifactLocation"] as? [String: Any]
        #expect((artifact?["uri"] as? String)?.hasSuffix((report.findings.first!.file as NSString).lastPathComponent) == true)
    }

    @Test("the command exits 1 on findings, 0 when clean, 2 for a missing path")
    func commandExitStatus() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }

        let flagged = await ProbeBinary.exitStatus(
            ["lint", LintFixtures.path("Planted"), "--format", "json", "--output", output])
        #expect(flagged == 1)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains("\"ruleId\" : \"unchecked-box-of-closure\""))

        let clean = await ProbeBinary.exitStatus(["lint", LintFixtures.path("Clean"), "--output", output])
        #expect(clean == 0)

        let missing = await ProbeBinary.exitStatus(["lint", "/nonexistent/isolation-probe-fixture"])
        #expect(missing == 2)
    }
}
