import Foundation
import Testing
@testable import IsolationCatalog

/// A probe ended by SIGTERM, or by SIGKILL (no handler of its own runs),
/// takes its children with it: `run`'s case program and `detect`'s command,
/// each in its own process group under a guard that outlives no probe.
@Suite("Child lifetime")
struct ChildLifetimeTests {
    /// Starts the probe binary with `arguments`, waits until the child it
    /// runs has written its pid to `pidFile`, sends the probe `signalNumber`
    /// and returns the child's pid once the probe has ended.
    static func endProbe(
        with signalNumber: Int32 = SIGTERM, _ arguments: [String], environment: [String: String], pidFile: URL
    ) async throws -> Int32 {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: ProbeBinary.path)
        probe.arguments = arguments
        probe.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        var childPID: Int32?
        for _ in 0..<1200 where childPID == nil {
            try await Task.sleep(for: .milliseconds(50))
            childPID = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let pid = try #require(childPID, "the probe's child never started")
        kill(probe.processIdentifier, signalNumber)
        probe.waitUntilExit()
        #expect(probe.terminationReason == .uncaughtSignal && probe.terminationStatus == signalNumber,
                "the probe ended with \(probe.terminationReason) \(probe.terminationStatus)")
        return pid
    }

    /// The parent of `pid`, from /proc.
    static func parent(of pid: Int32) -> Int32? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = status.lastIndex(of: ")")
        else { return nil }
        // "pid (name) S ppid …"
        let fields = status[status.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// Whether `pid` names a process that is not a zombie.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // "pid (name) S …": the state follows the last ')'.
        guard let close = status.lastIndex(of: ")") else { return false }
        return !status[status.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// Waits up to ten seconds for `pid` to end.
    static func ends(_ pid: Int32) async throws -> Bool {
        for _ in 0..<200 {
            if !isRunning(pid) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test("SIGTERM or SIGKILL to `run` kills the case program it is running", arguments: [SIGTERM, SIGKILL])
    func runChildDiesWithProbe(signalNumber: Int32) async throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        try temporary.add(folder: "01-x", id: "x", catalog: "test", expect: ["6": "clean"], program: TestPrograms.exitsCleanly)
        let pidFile = temporary.directory.deletingLastPathComponent().appendingPathComponent("child.pid")
        // The stand-in compiler links a "program" that records its pid and sleeps.
        let swiftc = try CompileCacheTests.standInCompiler(
            in: temporary.directory.deletingLastPathComponent(), named: "links-sleeper",
            #"printf '#!/bin/sh\necho $$ > \#(pidFile.path)\nexec sleep 600\n' > "$out"; chmod +x "$out"; exit 0"#)
        let pid = try await Self.endProbe(
            with: signalNumber, ["run", "x", "--cases-dir", temporary.directory.path, "--cache-dir", temporary.cacheDirectory.path, "--timeout", "600", "--quiet"],
            environment: ["ISOLATION_PROBE_SWIFTC": swiftc], pidFile: pidFile)
        let ended = try await Self.ends(pid)
        if !ended { kill(pid, SIGKILL) }
        #expect(ended, "the case program outlived the probe")
    }

    @Test("SIGTERM or SIGKILL to `detect` kills the command it relays", arguments: [SIGTERM, SIGKILL])
    func detectChildDiesWithProbe(signalNumber: Int32) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-detect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("child.pid")
        let pid = try await Self.endProbe(
            with: signalNumber, ["detect", "--", "/bin/sh", "-c", "echo $$ > \(pidFile.path); exec sleep 600"],
            environment: [:], pidFile: pidFile)
        let ended = try await Self.ends(pid)
        if !ended { kill(pid, SIGKILL) }
        #expect(ended, "the relayed command outlived the probe")
    }

    @Test("with a terminal as standard input (the command shares the probe's group), SIGTERM or SIGKILL to `detect` kills it",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux's script for a terminal"),
          arguments: [SIGTERM, SIGKILL])
    func detectChildOnTerminalDiesWithProbe(signalNumber: Int32) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-detect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("child.pid")
        // script(1) runs the probe on a new pseudo-terminal, through a shell
        // that leads the session and outlives the probe (its end would hang
        // up the terminal's group), so only the probe's own handling can end
        // the command.
        let terminal = Process()
        terminal.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        terminal.arguments = [
            "-qfc", "'\(ProbeBinary.path)' detect -- /bin/sh -c 'echo $$ > \(pidFile.path); exec sleep 600'; sleep 60", "/dev/null",
        ]
        terminal.standardOutput = FileHandle.nullDevice
        terminal.standardError = FileHandle.nullDevice
        try terminal.run()
        defer { if terminal.isRunning { terminal.terminate() } }
        var childPID: Int32?
        for _ in 0..<1200 where childPID == nil {
            try await Task.sleep(for: .milliseconds(50))
            childPID = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let pid = try #require(childPID, "the probe's child never started")
        // The command's parent is its guard, whose parent is the probe,
        // whose parent is the shell, ended last so the terminal closes.
        let probe = try #require(Self.parent(of: pid).flatMap { Self.parent(of: $0) })
        let shell = try #require(Self.parent(of: probe))
        defer { kill(shell, SIGKILL) }
        #expect(getpgid(pid) == getpgid(probe), "the command is not in the probe's group")
        kill(probe, signalNumber)
        let ended = try await Self.ends(pid)
        if !ended { kill(pid, SIGKILL) }
        #expect(ended, "the relayed command outlived the probe")
    }
}
