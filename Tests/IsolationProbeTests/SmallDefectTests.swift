import Foundation
import Testing
@testable import IsolationLint
@testable import ProbeProcess

/// Small defects found by an adversarial campaign (issue 30, item 6), each
/// pinned by a test.
@Suite("Small defects")
struct SmallDefectTests {
    @Test("--timeout 1e18 is a usage error, not a trap")
    func hugeTimeoutRejected() async throws {
        let run = try await ProbeBinary.run(["run", "unchecked-box", "--timeout", "1e18"])
        #expect(run.termination == .exited(2), "\(run.termination) \(run.standardError)")
        #expect(run.standardError.contains("--timeout must be a positive number of seconds, at most 1000000"))
    }

    @Test("--cache-dir \"\" is a usage error and writes nothing into the working directory")
    func emptyCacheDirRejected() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-cwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for command in [["list"], ["triage", "/dev/null"]] {
            let run = try await ChildProcess.run(
                executable: ProbeBinary.path, arguments: command + ["--cache-dir", ""], workingDirectory: directory.path,
                limits: .init(timeout: .seconds(120), maxOutputBytes: 1 << 20))
            #expect(run.termination == .exited(2), "\(command): \(run.termination) \(run.standardError)")
            #expect(run.standardError.contains("--cache-dir needs a folder"), "\(run.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("detect --output into a missing folder is refused before the program runs")
    func detectOutputFolderCheckedFirst() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-detect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("ran")
        let run = try await ProbeBinary.run(
            ["detect", "--output", directory.appendingPathComponent("missing/report.json").path, "--", "/bin/sh", "-c", "touch \(marker.path)"])
        #expect(run.termination == .exited(2), "\(run.termination) \(run.standardError)")
        #expect(run.standardError.contains("does not exist"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the program ran before the check")
    }

    @Test("a baseline's unknown top-level key is rejected, as the docs say")
    func baselineUnknownTopLevelKey() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
        try Data(#"{"version": 1, "entries": [], "entrys": []}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            _ = try LintBaseline.load(file.path)
        } throws: { error in
            "\(error)".contains("unknown key \"entrys\"")
        }
    }

    @Test("a 100,001-character glob neither crashes nor fails to match")
    func longGlob() {
        let name = String(repeating: "a", count: 100_000) + ".swift"
        #expect(Glob.matches("*" + String(repeating: "a", count: 100_000) + ".swift", pathOrAncestor: "Sources/" + name) == false)
        #expect(Glob.matches("Sources/" + String(repeating: "?", count: 100_000) + "*", pathOrAncestor: "Sources/" + name))
        #expect(Glob.matches(String(repeating: "*", count: 100_001), pathOrAncestor: "Sources/A.swift"))
    }

    @Test("many ** in a glob take time in proportion, not exponential", .timeLimit(.minutes(1)))
    func manyDoubleStars() {
        let path = Array(repeating: "a", count: 60).joined(separator: "/") + "/c.swift"
        let pattern = Array(repeating: "**/a", count: 20).joined(separator: "/") + "/**/b.swift"
        #expect(!Glob.matches(pattern, pathOrAncestor: path))
        #expect(Glob.matches(Array(repeating: "**/a", count: 20).joined(separator: "/") + "/**/c.swift", pathOrAncestor: path))
        // The old semantics stay: `*` within a component, `**` across them.
        #expect(Glob.matches("Sources/**/Generated/*.swift", pathOrAncestor: "Sources/App/Generated/A.swift"))
        #expect(!Glob.matches("Sources/*.swift", pathOrAncestor: "Sources/App/A.swift"))
        #expect(Glob.matches("Sources/Generated", pathOrAncestor: "Sources/Generated/Deep/A.swift"))
    }

    /// Seconds `relay` takes over one line of `bytes` bytes with no newline
    /// until the end.
    static func relaySeconds(lineOf bytes: Int) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let ending = try await ChildProcess.relay(
            ["/bin/sh", "-c", "head -c \(bytes) /dev/zero | tr '\\0' x"], environment: [:]) { _, _ in false }
        #expect(ending == .exited(0))
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test("detect's line relay is linear in line length: 8x the line takes well under 64x the time")
    func relayLinearInLineLength() async throws {
        _ = try await Self.relaySeconds(lineOf: 1 << 20)  // warm up
        let short = try await Self.relaySeconds(lineOf: 1 << 20)
        let long = try await Self.relaySeconds(lineOf: 8 << 20)
        // Linear is about 8x; the old rescan of the whole line per chunk was
        // about 64x. 24x leaves room for a noisy machine.
        #expect(long / short < 24, "1 MiB: \(short) s, 8 MiB: \(long) s")
    }
}
