import Foundation
import Testing

@testable import IsolationLint
@testable import ProbeProcess
@testable import ProbeSupport

/// A file or report that takes longer than its time limit is named as
/// skipped and the run goes on; deep input is a skipped file, not a crash.
/// The slow inputs are large (seconds to parse in any build) and the limit
/// tiny; the commands run as child processes, so the abandoned parse ends
/// with them.
@Suite("watchdog: time limits per file and per report")
struct WatchdogTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("watchdog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("a run over its budget is abandoned and reported")
    func largeStackThreadBudget() {
        let outcome = LargeStackThread.run(budget: .milliseconds(50)) { () -> Int in
            Thread.sleep(forTimeInterval: 2)
            return 1
        }
        guard case .overBudget = outcome else {
            Issue.record("expected overBudget, got \(outcome)")
            return
        }
        guard case .finished(let value) = LargeStackThread.run(budget: .seconds(600), { 7 }) else {
            Issue.record("a quick run did not finish")
            return
        }
        #expect(value == 7)
    }

    @Test("lint: a file over --file-time-limit is skipped and named; the other files are linted")
    func lintFileOverLimit() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // About 12 MB of ordinary declarations: far more than 0.2 s to parse.
        let big = String(repeating: "let value: [String: Int] = [\"key\": 1, \"other\": 2]\n", count: 250_000)
        try Data(big.utf8).write(to: directory.appendingPathComponent("Big.swift"))
        try Data("final class Holder: @unchecked Sendable {\n    var callback: () -> Void = {}\n}\n".utf8)
            .write(to: directory.appendingPathComponent("Holder.swift"))
        let result = try await ProbeBinary.run(["lint", directory.path, "--file-time-limit", "0.2"])
        let output = result.standardOutput + result.standardError
        #expect(output.contains("Big.swift: warning: skipped, took longer than the time limit of 0.2 s per file"), "\(output)")
        #expect(output.contains("Holder.swift:2:9"), "\(output)")
        #expect(result.termination.shellStatus == 1, "\(output)")
    }

    @Test("lint: fileTimeLimit in .isolation-probe.json is read and checked")
    func configurationKey() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(".isolation-probe.json")
        try Data(#"{"fileTimeLimit": 2.5}"#.utf8).write(to: file)
        #expect(try LintConfiguration.load(file.path).fileTimeLimit == 2.5)
        try Data(#"{"fileTimeLimit": "soon"}"#.utf8).write(to: file)
        #expect(throws: LintConfiguration.Failure.self) { try LintConfiguration.load(file.path) }
        try Data(#"{"fileTimeLimit": 0}"#.utf8).write(to: file)
        #expect(throws: LintConfiguration.Failure.self) { try LintConfiguration.load(file.path) }
    }

    @Test("triage: a report over --time-limit is named; the other report still gets its verdict")
    func triageReportOverLimit() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var big = "*** Program crashed: Illegal instruction at 0x00007f9f3d6ac2a2 ***\n\nThread 1 crashed:\n\n"
        for index in 0..<600_000 { big += "\(index) 0x00007f9f3d6ac2a2 f\(index % 100) in a\n" }
        let bigFile = directory.appendingPathComponent("big.txt")
        try Data(big.utf8).write(to: bigFile)
        let smallFile = directory.appendingPathComponent("small.txt")
        try Data("Fatal error: Index out of range\n".utf8).write(to: smallFile)
        // The big report takes about a minute to read in a debug build, the
        // small one milliseconds: 2 s separates them even on a loaded CI
        // machine, where the big report's abandoned reader still holds a core.
        let result = try await ProbeBinary.run(["triage", bigFile.path, smallFile.path, "--time-limit", "2"])
        let output = result.standardOutput + result.standardError
        #expect(output.contains("big.txt: reading the report took longer than triage's limit of 2 s per report"), "\(output)")
        #expect(output.contains("other-trap"), "\(output)")
        #expect(result.termination.shellStatus == 2, "\(output)")
    }

    @Test("triage --sources: a source file too deep to lint is named, and the verdict still prints")
    func triageSourcesDeep() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = directory.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data(("let x = " + String(repeating: "(", count: 30_000) + "1" + String(repeating: ")", count: 30_000) + "\n").utf8)
            .write(to: sources.appendingPathComponent("Deep.swift"))
        let report = directory.appendingPathComponent("crash.txt")
        try Data("Fatal error: Index out of range\n".utf8).write(to: report)
        let result = try await ProbeBinary.run(["triage", report.path, "--sources", sources.path])
        let output = result.standardOutput + result.standardError
        #expect(output.contains("Deep.swift (nested 30000 levels deep, more than lint's limit of 20000)"), "\(output)")
        #expect(output.contains("other-trap"), "\(output)")
        #expect(result.termination.shellStatus == 0, "\(output)")
    }
}
