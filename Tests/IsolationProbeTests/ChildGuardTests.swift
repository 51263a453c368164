import Foundation
import Testing
@testable import ProbeProcess

/// The guard the probe puts between itself and every program (the probe's
/// own binary started with ``ChildGuard/flag``) ends as its program did, so
/// no verdict sees it. This test process is the guard's parent here.
@Suite("Child guard")
struct ChildGuardTests {
    static func guarded(_ command: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            executable: ProbeBinary.path, arguments: [ChildGuard.flag, String(getpid()), "--"] + command,
            limits: .init(timeout: .seconds(120), maxOutputBytes: 1 << 20))
    }

    @Test("the guard passes the program's output and exit status through")
    func exitStatus() async throws {
        let run = try await Self.guarded(["/bin/sh", "-c", "echo out; echo err >&2; exit 3"])
        #expect(run.termination == .exited(3))
        #expect(run.standardOutput == "out\n")
        #expect(run.standardError == "err\n")
    }

    @Test("the guard dies of the signal that killed its program", arguments: [SIGILL, SIGSEGV, SIGTERM, SIGKILL])
    func signal(signalNumber: Int32) async throws {
        let run = try await Self.guarded(["/bin/sh", "-c", "ulimit -c 0; kill -\(signalNumber) $$"])
        #expect(run.termination == .signaled(signalNumber), "\(run.termination) \(run.standardError)")
    }

    @Test("the guard reports a program it cannot start in a line the probe turns into a launch failure")
    func launchFailure() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // An empty executable file: found, but not a program.
        let empty = directory.appendingPathComponent("empty").path
        FileManager.default.createFile(atPath: empty, contents: Data(), attributes: [.posixPermissions: 0o755])
        let run = try await Self.guarded([empty])
        #expect(run.termination == .exited(ChildGuard.launchFailureStatus))
        #expect(ChildGuard.launchFailure(in: run.standardError) == "Exec format error", "\(run.standardError)")
        // The probe says it could not start the program, not that it exited 127.
        let detect = try await ProbeBinary.run(["detect", "--", empty])
        #expect(detect.termination == .exited(2), "\(detect.termination)")
        #expect(detect.standardError.contains("cannot start `\(empty)`: Exec format error"), "\(detect.standardError)")
        #expect(!detect.standardError.contains(ChildGuard.launchFailurePrefix), "\(detect.standardError)")
    }

    @Test("the probe's children run under its guard")
    func probeChildrenAreGuarded() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let parentFile = directory.appendingPathComponent("parent")
        let run = try await ProbeBinary.run(["detect", "--", "/bin/sh", "-c", "cat /proc/$PPID/cmdline > \(parentFile.path)"])
        #expect(run.termination == .exited(0), "\(run.standardError)")
        let parent = try Data(contentsOf: parentFile).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(parent.dropFirst().first == ChildGuard.flag, "\(parent)")
    }
}
