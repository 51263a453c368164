import Foundation
import IsolationTriage
import ProbeProcess
import Testing
@testable import IsolationCatalog

/// Round trip: every trapping case of the catalog is compiled and run as
/// the probe runs it, and the crash output it printed is fed to triage. The
/// verdict and the offender must be the ones the catalog's own classifier
/// found in the same run.
@Suite("Triage of the catalog's own crashes")
struct TriageRoundTripTests {
    /// Case and configuration: every catalog entry whose program traps.
    static let trapping: [(String, String?)] = [
        ("1", nil), ("2", nil), ("3", nil), ("8a", nil), ("8b", nil), ("8c", nil), ("11a", nil), ("13a", nil),
        ("10b", "6+checks"), ("4", "5+checks"),
    ]

    @Test("verdict and offender match the catalog run's own", arguments: trapping.map { "\($0.0)@\($0.1 ?? "primary")" })
    func roundTrip(entry: String) async throws {
        let parts = entry.split(separator: "@").map(String.init)
        let catalog = try TestCatalog.shipped()
        let probeCase = try #require(try catalog.resolve([parts[0]]).first)
        let manifest = probeCase.manifest
        let configuration = parts[1] == "primary" ? manifest.primary : try #require(BuildConfiguration(id: parts[1]))
        let engine = ProbeEngine(toolchain: TestCatalog.toolchain, options: .init())
        let compile = try await engine.compiler.compile(probeCase, in: configuration)
        let executable = try #require(compile.executable, "\(entry): \(compile.errors)")
        let run = try await ChildProcess.run(
            executable: executable.path, arguments: [], environment: ProbeEngine.childEnvironment(for: manifest),
            limits: .init(timeout: .seconds(30), maxOutputBytes: 1 << 20))
        let catalogVerdict = Classifier.classifyRun(run)
        // The case really trapped, as its manifest says.
        #expect(catalogVerdict.outcome == manifest.expectation(for: configuration)?.outcome)
        #expect([.isolationTrap, .otherTrap].contains(catalogVerdict.outcome))

        let diagnosis = await CrashTriage().triage(text: run.standardError + "\n" + run.standardOutput, source: entry)
        let rendered = TriageTextRenderer().render(diagnosis)
        #expect(diagnosis.verdict.rawValue == catalogVerdict.outcome.rawValue, "\(rendered)")
        if catalogVerdict.outcome == .isolationTrap {
            let catalogOffender = await ProbeEngine.demangle(try #require(catalogVerdict.offender?.symbol))
            #expect(diagnosis.isolation?.offender?.symbol == catalogOffender, "\(rendered)")
            #expect(diagnosis.isolation?.route?.caseIDs.contains(manifest.catalog) == true
                        // 10b is case 1's program under ThreadSanitizer; 4 stores its closure like 1-3.
                        || ["10b", "4"].contains(manifest.catalog) && diagnosis.isolation?.route?.caseIDs == ["1", "2", "3"],
                    "\(rendered)")
        }
    }
}

/// `isolation-probe triage` as users run it.
@Suite("The triage command")
struct TriageCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("IsolationTriageTests/Fixtures")

    /// A fixture without its `# ` header lines, written to a temporary file.
    static func report(_ name: String) throws -> String {
        let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("# ") }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("triage-\(UUID().uuidString)-\(name)")
        try body.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("a report is triaged in text, why and fix in its own names, the catalog's case as the same story; exit 0")
    func text() async throws {
        let result = try await ProbeBinary.run(["triage", try Self.report("lldb-seed-ios18.txt")])
        #expect(result.termination.shellStatus == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix(": isolation-trap (lldb backtrace)") == true)
        #expect(lines.contains("  offender    closure #1 in FalsePositivesApp.init() at FalsePositivesApp.swift"))
        #expect(lines.contains { $0.hasPrefix("  why         `closure #1 in FalsePositivesApp.init()` was written in `FalsePositivesApp.init()`") })
        #expect(lines.contains { $0.hasPrefix("  same story  catalog 1: ") })
        #expect(lines.contains("  more        isolation-probe explain 1"))
    }

    @Test("the README's triage sample is what the binary prints for the seed's report")
    func readmeSample() async throws {
        let readme = try String(
            contentsOf: Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"),
            encoding: .utf8)
        let command = "$ .build/debug/isolation-probe triage /tmp/seed-bt.txt\n"
        let start = try #require(readme.range(of: command)).upperBound
        let end = try #require(readme.range(of: "$ echo $?", range: start..<readme.endIndex)).lowerBound
        let quoted = String(readme[start..<end])
        let path = try Self.report("lldb-seed-ios18.txt")
        let result = try await ProbeBinary.run(["triage", path])
        #expect(result.termination.shellStatus == 0)
        #expect(result.standardOutput.replacingOccurrences(of: path, with: "/tmp/seed-bt.txt") == quoted)
    }

    @Test("several reports in JSON; an unclassifiable one makes the exit status 1")
    func jsonAndUnknown() async throws {
        let result = try await ProbeBinary.run(["triage", "--format", "json", try Self.report("linux-case8b-swift5-callback.txt"),
                                                try Self.report("console-sigill-only.txt")])
        #expect(result.termination.shellStatus == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let reports = try #require(document["reports"] as? [[String: Any]])
        #expect(reports.map { $0["verdict"] as? String } == ["isolation-trap", "unknown"])
        #expect((reports[0]["cases"] as? [[String: Any]])?.first?["id"] as? String == "8b")
    }

    @Test("unreadable input exits 2 with a message naming it")
    func unreadable() async throws {
        let missing = try await ProbeBinary.run(["triage", "/nonexistent/crash.ips"])
        #expect(missing.termination.shellStatus == 2)
        #expect(missing.standardOutput.contains("/nonexistent/crash.ips: cannot read: no such file"))
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("triage-\(UUID().uuidString).core")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: binary)
        let garbage = try await ProbeBinary.run(["triage", binary.path, try Self.report("linux-case1-unchecked-box.txt")])
        #expect(garbage.termination.shellStatus == 2)
        #expect(garbage.standardOutput.contains("\(binary.path): not a text crash report ("))
        #expect(garbage.standardOutput.contains(": isolation-trap (Swift runtime backtrace)"))
        // A device reads as what it holds: /dev/null is empty, not "no permission".
        let null = try await ProbeBinary.run(["triage", "/dev/null"])
        #expect(null.termination.shellStatus == 2)
        #expect(null.standardOutput.contains("/dev/null: empty input: nothing to triage"))
        // No file and nothing on standard input.
        let empty = try await ProbeBinary.run(["triage"])
        #expect(empty.termination.shellStatus == 2)
        #expect(empty.standardOutput.contains("<stdin>: empty input: nothing to triage"))
        #expect(await ProbeBinary.exitStatus(["triage", "--format", "sarif", "x"]) == 2)
    }

    @Test("a report arriving through a FIFO is triaged, as from `<(command)`")
    func fromFIFO() async throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("triage-\(UUID().uuidString).fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let report = try Data(contentsOf: URL(fileURLWithPath: try Self.report("linux-case1-unchecked-box.txt")))
        // The writer waits (at most a minute, never forever) for the probe
        // to open the FIFO for reading, then writes the report into it.
        Thread {
            let deadline = Date().addingTimeInterval(60)
            var descriptor: Int32 = -1
            while descriptor < 0 && Date() < deadline {
                descriptor = open(fifo, O_WRONLY | O_NONBLOCK)  // ENXIO until a reader opens it
                if descriptor < 0 { usleep(10_000) }
            }
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFL, 0)
            _ = report.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }.start()
        let result = try await ProbeBinary.run(["triage", fifo])
        #expect(result.termination.shellStatus == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains(": isolation-trap (Swift runtime backtrace)"))
    }

    @Test("a FIFO that never gets a writer is skipped at the time limit; the report before it keeps its verdict")
    func silentFIFO() async throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("triage-\(UUID().uuidString).fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        // A minute, not ProbeBinary's ten: a probe that waits for the writer forever fails here.
        let result = try await ChildProcess.run(
            executable: ProbeBinary.path,
            arguments: ["triage", try Self.report("linux-case1-unchecked-box.txt"), fifo, "--time-limit", "2"],
            limits: .init(timeout: .seconds(60), maxOutputBytes: 1 << 20))
        #expect(result.termination.shellStatus == 2, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains(": isolation-trap (Swift runtime backtrace)"))
        #expect(result.standardOutput.contains("\(fifo): reading the report took longer than triage's limit of 2 s per report"))
    }

    @Test("a file the user may not read is named as such", .enabled(if: getuid() != 0, "root may read every file"))
    func permissionDenied() async throws {
        let path = try Self.report("linux-case1-unchecked-box.txt")
        #expect(chmod(path, 0) == 0)
        let result = try await ProbeBinary.run(["triage", path])
        #expect(result.termination.shellStatus == 2)
        #expect(result.standardOutput.contains("\(path): cannot read: permission denied"))
    }

    @Test("--sources lints a folder and lists the findings naming the crash's frames first")
    func sources() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let caseFolder = root.appendingPathComponent("Sources/isolation-probe/IsolationCatalog/Cases/01-unchecked-box").path
        let result = try await ProbeBinary.run(["triage", "--format", "json", "--sources", caseFolder,
                                                try Self.report("linux-case1-unchecked-box.txt")])
        #expect(result.termination.shellStatus == 0, "\(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let matches = try #require((document["reports"] as? [[String: Any]])?.first?["sourceMatches"] as? [[String: Any]])
        let first = try #require(matches.first)
        #expect((first["matchedNames"] as? [String])?.contains("UncheckedBox.swift") == true, "\(matches)")
        #expect(await ProbeBinary.exitStatus(["triage", "--sources", "/nonexistent", "x"]) == 2)
    }
}
