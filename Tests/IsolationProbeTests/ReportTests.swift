import Foundation
import Testing
@testable import IsolationCatalog
@testable import ProbeSupport

@Suite("Reports")
struct ReportTests {
    static func observation(_ caseID: String, _ configuration: String, expected: String?, outcome: Outcome, warnings: [String] = []) throws -> Observation {
        Observation(
            caseID: caseID, catalog: "1", title: "t", configuration: BuildConfiguration(id: configuration)!,
            expected: try expected.map { try Expectation(parsing: $0) }, outcome: outcome, warnings: warnings,
            errors: [], evidence: ["exit status 0"], offender: nil, offenderLocation: nil, legacyReport: [],
            notes: [], compileCached: true, runSeconds: 0.1
        )
    }

    @Test("a warning the manifest did not state is a mismatch, and +warning requires one")
    func warningsAreJudged() throws {
        #expect(try Self.observation("a", "6", expected: "clean", outcome: .clean, warnings: ["x.swift:1:1: warning: w"]).matches == false)
        #expect(try Self.observation("a", "6", expected: "clean+warning", outcome: .clean, warnings: ["x.swift:1:1: warning: w"]).matches == true)
        #expect(try Self.observation("a", "6", expected: "clean+warning", outcome: .clean).matches == false)
        #expect(try Self.observation("a", "6", expected: nil, outcome: .clean).matches == nil)
    }

    @Test("the JSON report round-trips and counts matches, mismatches and unjudged observations")
    func jsonSummary() throws {
        let observations = [
            try Self.observation("a", "6", expected: "clean", outcome: .clean),
            try Self.observation("b", "6", expected: "isolation-trap", outcome: .clean),
            try Self.observation("c", "5", expected: nil, outcome: .isolationTrap),
        ]
        let text = ReportJSON.encode(ProbeJSONReport(observations))
        let decoded = try JSONDecoder().decode(ProbeJSONReport.self, from: Data(text.utf8))
        #expect(decoded.summary.asExpected == 1)
        #expect(decoded.summary.notAsExpected == 1)
        #expect(decoded.summary.unjudged == 1)
        #expect(decoded.observations.map(\.caseID) == ["a", "b", "c"])
        #expect(text.contains("\"configuration\" : \"6\""))
    }

    @Test("the matrix marks a mismatching cell with ! and names it under the summary")
    func matrixMarksMismatch() throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        try temporary.add(folder: "01-a", id: "a", catalog: "1", expect: ["6": "clean"], program: TestPrograms.exitsCleanly)
        let cases = try temporary.load().cases
        let text = ProbeTextReport.matrix([try Self.observation("a", "6", expected: "isolation-trap", outcome: .clean)], cases: cases)
        #expect(text.contains("clean !"))
        #expect(text.contains("not as expected: a [6]: expected isolation-trap, observed clean"))
    }
}
