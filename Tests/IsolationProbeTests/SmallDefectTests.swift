import Foundation
import Testing
@testable import IsolationLint
@testable import IsolationTriage
@testable import ProbeProcess
import ProbeSupport

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

    @Test("one byte over triage's limit is not described as the limit itself")
    func tooLargeMessageExact() {
        let message = TriageInputError.tooLarge(source: "big.log", bytes: (64 << 20) + 1, limit: 64 << 20).description
        #expect(message.hasPrefix("big.log: 67108865 bytes is more than triage reads (64 MiB);"), "\(message)")
    }

    @Test("file errors give the system's reason, not \"NSCocoaErrorDomain error 256\"")
    func fileErrorsGiveTheReason() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plainFile = directory.appendingPathComponent("plain")
        try Data("x".utf8).write(to: plainFile)
        var messages: [String] = []
        #expect {
            try LintBaseline.load(directory.path)
        } throws: { error in
            messages.append("\(error)")
            return true
        }
        #expect {
            try ReportFile.write("report", to: plainFile.appendingPathComponent("report.json").path)
        } throws: { error in
            messages.append("\(error)")
            return true
        }
        for message in messages {
            #expect(!message.contains("NSCocoaErrorDomain") && !message.contains("could not be completed"), "\(message)")
        }
        #expect(messages.first?.hasSuffix("cannot read: a folder, not a file") == true, "\(messages)")
    }

    @Test("lint names a folder it cannot list instead of skipping it silently",
          .enabled(if: Unprivileged.prefix != nil, "as root, and setpriv cannot drop root's capabilities here"))
    func unlistableFolderIsNamed() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("probe-unlistable-\(UUID().uuidString)")
        let closed = root.appendingPathComponent("Closed")
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: true)
        try Data("let open = 1\n".utf8).write(to: root.appendingPathComponent("Open.swift"))
        try Data("let hidden = 1\n".utf8).write(to: closed.appendingPathComponent("Hidden.swift"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: closed.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: closed.path)
            try? FileManager.default.removeItem(at: root)
        }
        let run = try await Unprivileged.runProbe(["lint", root.path])
        let output = run.standardOutput + run.standardError
        #expect(output.contains("\(closed.path): warning: skipped, cannot list the folder: Permission denied"), "\(output)")
        #expect(output.contains("1 unreadable skipped"), "\(output)")
    }

    @Test("lint names a file it cannot read and lints the rest",
          .enabled(if: Unprivileged.prefix != nil, "as root, and setpriv cannot drop root's capabilities here"))
    func unreadableFileIsNamed() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("probe-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let open = root.appendingPathComponent("Open.swift")
        let closed = root.appendingPathComponent("Closed.swift")
        try Data("final class Open: @unchecked Sendable { var onEvent: () -> Void = {} }\n".utf8).write(to: open)
        try Data("final class Closed: @unchecked Sendable { var onEvent: () -> Void = {} }\n".utf8).write(to: closed)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: closed.path)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await Unprivileged.runProbe(["lint", root.path])
        let output = run.standardOutput + run.standardError
        #expect(output.contains("\(closed.path): warning: skipped, cannot read:"), "\(output)")
        #expect(output.contains("1 unreadable skipped"), "\(output)")
        // The readable file is still linted: its finding is reported.
        #expect(output.contains("\(open.path):1:"), "\(output)")
        #expect(!output.contains("\(closed.path):1:"), "\(output)")
    }

    @Test("a path behind a folder that cannot be searched says permission denied",
          .enabled(if: Unprivileged.prefix != nil, "as root, and setpriv cannot drop root's capabilities here"))
    func unsearchableFolder() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-closed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("A.swift")
        try Data("let x = 1\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: directory.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            try? FileManager.default.removeItem(at: directory)
        }
        let run = try await Unprivileged.runProbe(["lint", file.path])
        let output = run.standardOutput + run.standardError
        #expect(output.contains("permission denied: a folder on the way cannot be searched: \(file.path)"), "\(output)")
    }
}

/// Runs the probe without the power to read or search every folder, so a
/// test sees what a user sees. Root (CI, containers) bypasses permissions,
/// so as root the probe runs as root without capabilities: the files are
/// root's, so their mode bits then apply, and the folders on the way (a
/// private 0700 `TMPDIR` included) stay open, as they are to their owner.
enum Unprivileged {
    /// What comes before the probe's path, or nil when root cannot drop its
    /// capabilities here (no `setpriv`, or no right to change the bounding set).
    static let prefix: [String]? = {
        guard geteuid() == 0 else { return [] }
        let dropCapabilities = ["/usr/bin/setpriv", "--inh-caps=-all", "--bounding-set=-all", "--"]
        let check = Process()
        check.executableURL = URL(fileURLWithPath: dropCapabilities[0])
        check.arguments = Array(dropCapabilities.dropFirst()) + ["/bin/true"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return nil }
        check.waitUntilExit()
        return check.terminationStatus == 0 ? dropCapabilities : nil
    }()

    static func runProbe(_ arguments: [String]) async throws -> ChildProcess.Result {
        let command = try #require(prefix, "the test is enabled only where the prefix exists") + [ProbeBinary.path]
        return try await ChildProcess.run(
            executable: command[0], arguments: Array(command.dropFirst()) + arguments,
            limits: .init(timeout: .seconds(120), maxOutputBytes: 1 << 20))
    }
}
