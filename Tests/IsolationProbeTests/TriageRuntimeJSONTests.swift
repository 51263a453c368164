import Foundation
import IsolationTriage
import Testing
import TestSupport
@testable import IsolationCatalog
@testable import ProbeProcess

/// The Swift runtime's JSON crash file, as this toolchain writes it: a
/// few-line program with the seed's bug is built with the checks flag and
/// run with `SWIFT_BACKTRACE=enable=yes,format=json,output-to=DIR` (the runtime
/// writes `DIR/<program>-<pid>-<n>.<n>.json`); triage
/// reads what the runtime wrote. No crash file here is written by hand.
@Suite("Triage of the runtime's JSON crash file", .tags(.slow), .skippedInFastTier)
struct TriageRuntimeJSONTests {
    static let program = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("IsolationTriageTests/Fixtures/programs/ThreadCallsStoredClosure.swift")

    /// A fresh folder with the program built in it.
    static func buildProgram() async throws -> (folder: URL, executable: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("triage-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let executable = folder.appendingPathComponent("program").path
        let build = try await ChildProcess.run(
            executable: TestCatalog.toolchain.swiftc,
            arguments: ["-swift-version", "6", "-parse-as-library", "-g", "-enable-actor-data-race-checks",
                        program.path, "-o", executable],
            limits: .init(timeout: .seconds(300), maxOutputBytes: 1 << 20))
        #expect(build.termination.shellStatus == 0, "\(build.standardError)")
        return (folder, executable)
    }

    /// Runs the program once with `SWIFT_BACKTRACE` set to `setting`; returns its standard error.
    static func crash(_ executable: String, backtrace setting: String) async throws -> String {
        let run = try await ChildProcess.run(
            executable: executable, arguments: [], environment: ["SWIFT_BACKTRACE": setting],
            limits: .init(timeout: .seconds(60), maxOutputBytes: 1 << 20))
        // The runtime's own line says the executor check trapped (signal 4,
        // SIGILL). The exit status is not used: run under `swift test` it
        // came back 0 after that line (seen on 6.3.1), while a shell sees 132.
        #expect(run.standardError.contains("*** Signal 4: Backtracing from"), "\(run.termination) \(run.standardError)")
        return run.standardError
    }

    @Test("the JSON crash file gives the verdict, offender and route the text backtrace of the same crash gives; a folder is triaged file by file")
    func crashFile() async throws {
        let (folder, executable) = try await Self.buildProgram()
        defer { try? FileManager.default.removeItem(at: folder) }
        let crashes = folder.appendingPathComponent("crashes")
        try FileManager.default.createDirectory(at: crashes, withIntermediateDirectories: true)
        for _ in 0..<2 {
            _ = try await Self.crash(executable, backtrace: "enable=yes,format=json,output-to=\(crashes.path)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: crashes.path).sorted()
        try #require(files.count == 2 && files.allSatisfy { $0.hasPrefix("program-") && $0.hasSuffix(".json") }, "\(files)")

        let triage = CrashTriage(demangler: NoDemangler(reason: "the runtime demangled the names"))
        let jsonPath = crashes.appendingPathComponent(files[0]).path
        let report = try #require(CrashReportReader.read(try String(contentsOfFile: jsonPath, encoding: .utf8)))
        #expect(report.format == .swiftRuntimeJSON)
        #expect(report.platform?.hasPrefix("Linux") == true)
        #expect(report.crashedThread?.frames.contains { $0.file == "ThreadCallsStoredClosure.swift" && $0.line == 17 } == true,
                "\(report.crashedThread?.frames.map(\.displayName) ?? [])")
        let fromJSON = try await triage.triage(Data(contentsOf: URL(fileURLWithPath: jsonPath)), source: files[0])
        let text = try await Self.crash(executable, backtrace: "enable=yes")
        let fromText = await triage.triage(text: text, source: "stderr")
        let rendered = TriageTextRenderer().render(fromJSON)
        #expect(fromJSON.format == .swiftRuntimeJSON)
        #expect(fromText.format == .swiftBacktrace)
        #expect(fromJSON.verdict == .isolationTrap, "\(rendered)")
        #expect(fromJSON.isolation?.offender?.symbol == "closure #1 in install(_:)", "\(rendered)")
        #expect(fromJSON.verdict == fromText.verdict)
        // Addresses differ from run to run; what the frame says does not.
        #expect(fromJSON.isolation?.offender?.symbol == fromText.isolation?.offender?.symbol)
        #expect(fromJSON.isolation?.offender?.location == fromText.isolation?.offender?.location)
        #expect(fromJSON.isolation?.callers.map(\.symbol) == fromText.isolation?.callers.map(\.symbol))
        #expect(fromJSON.isolation?.route == fromText.isolation?.route)
        // A closure formed in install(_:), kept, and called by the program from a Thread: catalog case 2.
        #expect(fromJSON.isolation?.route?.caseIDs.first == "2", "\(rendered)")

        // The folder: one diagnosis per file, in text and in one JSON document.
        let asText = try await ProbeBinary.run(["triage", crashes.path])
        #expect(asText.termination.shellStatus == 0, "\(asText.standardOutput)\(asText.standardError)")
        for file in files {
            #expect(asText.standardOutput.contains("\(crashes.path)/\(file): isolation-trap (Swift runtime crash file (JSON))"),
                    "\(asText.standardOutput)")
        }
        let asJSON = try await ProbeBinary.run(["triage", "--format", "json", crashes.path])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(asJSON.standardOutput.utf8)) as? [String: Any])
        let reports = try #require(document["reports"] as? [[String: Any]])
        #expect(reports.map { $0["source"] as? String } == files.map { "\(crashes.path)/\($0)" })
        #expect(reports.allSatisfy { $0["format"] as? String == "swift-runtime-json" && $0["verdict"] as? String == "isolation-trap" })
        #expect(reports.allSatisfy { ($0["platform"] as? String)?.hasPrefix("Linux") == true })
    }

    @Test("a damaged JSON crash file is named with what is wrong; an empty folder is refused by name")
    func damagedFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("triage-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cut = folder.appendingPathComponent("crash-1-0.json")
        try Data(#"{ "timestamp": "2026-11-24T20:43:56.342478Z", "kind": "crashReport", "description": "Illegal instruction", "threads": [ { "crashed": tr"#.utf8).write(to: cut)
        let result = try await ProbeBinary.run(["triage", cut.path])
        #expect(result.termination.shellStatus == 1)
        #expect(result.standardOutput.contains("\(cut.path): unknown (Swift runtime crash file (JSON))"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("not valid JSON"), "\(result.standardOutput)")

        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let refused = try await ProbeBinary.run(["triage", empty.path])
        #expect(refused.termination.shellStatus == 2)
        #expect(refused.standardOutput.contains("\(empty.path): cannot read: a folder with no report file in it")
                    || refused.standardError.contains("\(empty.path): cannot read: a folder with no report file in it"),
                "\(refused.standardOutput)\(refused.standardError)")
    }
}
