import Foundation
import Testing

@testable import IsolationLint

/// Every rule's own examples, SwiftLint-style: each triggering example is
/// reported exactly at its `↓` markers, each look-alike not at all, and each
/// correction is what `--fix` writes. The rule list is read from
/// `LintRules.all`, so a new rule's examples run without touching this file.
@Suite("lint rule examples")
struct LintRuleExampleTests {
    static let ruleIDs = LintRules.all.map { $0.description.id }

    static func description(of id: String) throws -> LintRuleDescription {
        try #require(LintRules.all.first { $0.description.id == id }).description
    }

    /// Where the rule `id` reports findings in `example`, linted as one file
    /// with the rule turned on (a rule may be off by default).
    static func positions(of id: String, in code: String) -> [LintPosition] {
        var configuration = LintConfiguration()
        if let rule = LintRule(rawValue: id) { configuration.severities[rule] = .warning }
        let report = LintEngine(configuration: configuration).lint(sources: [ParsedSource(path: "Example.swift", text: code)])
        return report.findings.filter { $0.rule.rawValue == id }.map { LintPosition(line: $0.line, column: $0.column) }
            .sorted()
    }

    static func location(of example: LintExample) -> SourceLocation {
        SourceLocation(fileID: example.fileID, filePath: example.filePath, line: example.line, column: example.column)
    }

    @Test("each triggering example is reported at its markers and nowhere else", arguments: ruleIDs)
    func triggering(id: String) throws {
        let description = try Self.description(of: id)
        #expect(!description.triggeringExamples.isEmpty, "\(id) has no triggering example")
        for example in description.triggeringExamples {
            #expect(!example.markedPositions.isEmpty, "a triggering example of \(id) marks no position with ↓",
                    sourceLocation: Self.location(of: example))
            #expect(Self.positions(of: id, in: example.code) == example.markedPositions.sorted(),
                    "\(id) at the ↓ markers", sourceLocation: Self.location(of: example))
        }
    }

    @Test("no non-triggering example is reported", arguments: ruleIDs)
    func nonTriggering(id: String) throws {
        let description = try Self.description(of: id)
        #expect(!description.nonTriggeringExamples.isEmpty, "\(id) has no non-triggering example")
        for example in description.nonTriggeringExamples {
            #expect(example.markedPositions.isEmpty, "a non-triggering example carries a ↓ marker",
                    sourceLocation: Self.location(of: example))
            #expect(Self.positions(of: id, in: example.code) == [], "\(id) reported a look-alike",
                    sourceLocation: Self.location(of: example))
        }
    }

    @Test("each correction is what --fix writes, and the rule no longer reports it", arguments: ruleIDs)
    func corrections(id: String) throws {
        for correction in try Self.description(of: id).corrections {
            let location = Self.location(of: correction.before)
            #expect(!Self.positions(of: id, in: correction.before.code).isEmpty,
                    "\(id) does not report the code before the correction", sourceLocation: location)
            let tree = try ScratchTree()
            defer { tree.remove() }
            try tree.write(correction.before.code, to: "Example.swift")
            let result = try LintFixer(engine: LintEngine()).fix(paths: [tree.root])
            #expect(result.fixedTexts[tree.path("Example.swift")] == correction.after, sourceLocation: location)
            #expect(Self.positions(of: id, in: correction.after) == [], "\(id) still reports the corrected code",
                    sourceLocation: location)
        }
    }

    @Test("rule ids are unique, and a rule's inputs run before it")
    func ruleList() {
        #expect(Set(Self.ruleIDs).count == Self.ruleIDs.count)
        let order = LintRules.sourceRules.map { $0.description.id }
        for rule in LintRules.sourceRules {
            for input in rule.inputs {
                let before = order.firstIndex(of: input.description.id) ?? .max
                #expect(before < order.firstIndex(of: rule.description.id) ?? .min,
                        "\(input.description.id) runs before \(rule.description.id)")
            }
        }
    }

    @Test("the README's rule table is the one the rule types generate")
    func readmeTable() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("\n" + LintRules.markdownTable + "\n"),
                "README.md's lint rule table differs; replace it with:\n\(LintRules.markdownTable)")
    }
}
