import Foundation
import IsolationTriage
import Testing
import TestSupport
@testable import IsolationDetect
@testable import ProbeSupport

/// `--keep-crash-text DIR`: `detect` and `run` keep the text they
/// classified, and triage reads it back.
@Suite("Keeping the crash text detect and run classify", .tags(.slow), .skippedInFastTier)
struct KeepCrashTextTests {
    @Test("detect keeps a failing program's standard error, which triage diagnoses; a clean program leaves nothing")
    func detect() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keep-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = try CrashTextFolder(path: folder.path)

        let directory = try DetectFixtures.copy("Assumption")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let program = try await DetectFixtures.compile(directory, module: "Assumption")
        let report = try await DetectEngine(sourceRoot: directory.path, forwardRuntimeWarnings: false, keepCrashText: kept).run([program])
        #expect(report.ending != .exited(0))
        let file = try #require(report.keptCrashText, "\(report.render(.text))")
        #expect(report.render(.text).contains("its standard error is kept in \(file)"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let diagnosis = await CrashTriage().triage(text: text, source: file)
        #expect(diagnosis.verdict == .isolationTrap, "\(TriageTextRenderer().render(diagnosis))\n\(text)")

        let clean = try DetectFixtures.copy("Clean")
        defer { try? FileManager.default.removeItem(at: clean.deletingLastPathComponent()) }
        let cleanProgram = try await DetectFixtures.compile(clean, module: "Clean")
        let cleanReport = try await DetectEngine(sourceRoot: clean.path, keepCrashText: kept).run([cleanProgram])
        #expect(cleanReport.keptCrashText == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [(file as NSString).lastPathComponent])
    }

    @Test("run keeps each trapping case's backtrace as <case>-<configuration>.txt; triage routes it to the case")
    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keep-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await ProbeBinary.run(["run", "closure-member", "--keep-crash-text", folder.path, "--quiet", "--no-legacy-rerun"])
        #expect(result.termination.shellStatus == 0, "\(result.standardOutput)\(result.standardError)")
        let file = folder.appendingPathComponent("closure-member-6+checks.txt").path
        let triaged = try await ProbeBinary.run(["triage", "--format", "json", file])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(triaged.standardOutput.utf8)) as? [String: Any],
                                    "\(triaged.standardOutput)\(triaged.standardError)")
        let report = try #require((document["reports"] as? [[String: Any]])?.first)
        #expect(report["verdict"] as? String == "isolation-trap", "\(report)")
        let route = ((report["isolation"] as? [String: Any])?["route"] as? [String: Any])?["caseIDs"] as? [String]
        #expect(route?.first == "2", "\(report)")

        let onFile = FileManager.default.temporaryDirectory.appendingPathComponent("keep-crash-file-\(UUID().uuidString)")
        try Data().write(to: onFile)
        defer { try? FileManager.default.removeItem(at: onFile) }
        let refused = try await ProbeBinary.run(["run", "closure-member", "--keep-crash-text", onFile.path, "--quiet"])
        #expect(refused.termination.shellStatus == 2)
        #expect(refused.standardError.contains("--keep-crash-text \(onFile.path): is a file, not a folder"), "\(refused.standardError)")
    }
}
