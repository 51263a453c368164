import Foundation
import Testing

@testable import IsolationLint

/// A `nonisolated(unsafe) var` of `@Sendable` (or global-actor) function
/// type is no isolation loophole: the function may be called on any thread.
/// What is left, replacing it while another thread reads it, is what the
/// author opted into; a rule of its own says so when a team turns it on.
@Suite("lint: a nonisolated(unsafe) var holding a @Sendable function")
struct LintReplaceableFunctionTests {
    static let job = """
        public final class Job: Sendable {
            nonisolated(unsafe) public var onDone: (@MainActor @Sendable () -> Void)?
        }
        """

    @Test("nothing is reported by default")
    func silentByDefault() {
        let report = LintEngine().lint(sources: [ParsedSource(path: "Job.swift", text: Self.job)])
        #expect(report.findings == [], "\(report.findings.map { "\($0.rule.rawValue): \($0.message)" })")
    }

    @Test("the configuration file, or --rule, turns on the replace-while-read rule")
    func turnedOn() throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        try tree.write(#"{"rules": {"nonisolated-unsafe-replaceable-function": "warning"}}"#, to: ".isolation-probe.json")
        try tree.write(Self.job, to: "Sources/Job.swift")
        var configuration = try #require(try LintConfiguration.discover(for: [tree.path("Sources")]))
        configuration.readsPackageManifests = false
        let report = try LintEngine(configuration: configuration).lint(paths: [tree.path("Sources")])
        #expect(report.findings.map { "\($0.line):\($0.column) \($0.rule.rawValue) \($0.severity)" }
            == ["2:36 nonisolated-unsafe-replaceable-function warning"])
        let message = try #require(report.findings.first?.message)
        #expect(message.contains("replacing it while another thread reads it is a data race"), "\(message)")
        #expect(!message.contains("isolation check traps"), "\(message)")

        var flagged = LintConfiguration(root: tree.root)
        flagged.readsPackageManifests = false
        try flagged.override(rules: ["nonisolated-unsafe-replaceable-function=error"])
        let fromFlag = try LintEngine(configuration: flagged).lint(paths: [tree.path("Sources")])
        #expect(fromFlag.findings.map { "\($0.rule.rawValue) \($0.severity)" }
            == ["nonisolated-unsafe-replaceable-function error"])
    }
}
