import Foundation
import Subprocess
import Synchronization
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs one program as a child process, directly (no shell), with a time
/// limit and an output limit, and collects what it printed.
///
/// ```swift
/// let result = try await ChildProcess.run(
///     executable: "/usr/bin/env", arguments: ["true"],
///     limits: .init(timeout: .seconds(5), maxOutputBytes: 1 << 20))
/// result.termination  // .exited(0)
/// ```
enum ChildProcess {
    /// How long a child may run and how much it may print.
    struct Limits: Sendable {
        var timeout: Duration
        var maxOutputBytes: Int
    }

    /// How the child ended.
    enum Termination: Sendable, Hashable, Codable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "exit status \(code)"
            case .signaled(let signal): "signal \(signal) (\(Self.signalName(signal)))"
            }
        }

        static func signalName(_ signal: Int32) -> String {
            switch signal {
            case SIGILL: "SIGILL"
            case SIGTRAP: "SIGTRAP"
            case SIGABRT: "SIGABRT"
            case SIGSEGV: "SIGSEGV"
            case SIGBUS: "SIGBUS"
            case SIGKILL: "SIGKILL"
            case SIGTERM: "SIGTERM"
            case SIGFPE: "SIGFPE"
            default: "signal \(signal)"
            }
        }
    }

    struct Result: Sendable {
        var termination: Termination
        var standardOutput: String
        var standardError: String
        /// The probe killed the child because the time limit passed.
        var timedOut: Bool
        /// The probe killed the child because it printed too much.
        var flooded: Bool
        var duration: Duration
    }

    /// Launches `executable` with `arguments` and `environment` added to the
    /// probe's own environment.
    static func run(
        executable: String,
        arguments: [String],
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        limits: Limits
    ) async throws -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let collector = OutputCollector(maxBytes: limits.maxOutputBytes)
        var overrides: [Environment.Key: String?] = [:]
        for (key, value) in environment {
            overrides[Environment.Key(stringLiteral: key)] = value
        }
        let executableSpec: Executable = executable.contains("/")
            ? .path(FilePath(executable)) : .name(executable)
        let outcome = try await Subprocess.run(
            executableSpec,
            arguments: Arguments(arguments),
            environment: .inherit.updating(overrides),
            workingDirectory: workingDirectory.map { FilePath($0) },
            input: .none,
            output: .sequence,
            error: .sequence
        ) { execution in
            // Readers end at EOF; the watchdog kills the child on timeout, so
            // a hung child still ends the readers.
            await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    do {
                        for try await chunk in execution.standardOutput {
                            if collector.append(chunk, toStandardError: false) { try? execution.send(signal: .kill) }
                        }
                    } catch {}
                    return true
                }
                group.addTask {
                    do {
                        for try await chunk in execution.standardError {
                            if collector.append(chunk, toStandardError: true) { try? execution.send(signal: .kill) }
                        }
                    } catch {}
                    return true
                }
                group.addTask {
                    do {
                        try await Task.sleep(for: limits.timeout)
                    } catch {
                        return false  // cancelled: the child finished in time
                    }
                    collector.markTimedOut()
                    try? execution.send(signal: .kill)
                    return false
                }
                var readersDone = 0
                while let isReader = await group.next() {
                    if isReader { readersDone += 1 }
                    if readersDone == 2 { group.cancelAll() }
                }
            }
        }
        let termination: Termination
        switch outcome.terminationStatus {
        case .exited(let code): termination = .exited(code)
        case .signaled(let signal): termination = .signaled(signal)
        }
        let captured = collector.snapshot()
        return Result(
            termination: termination,
            standardOutput: captured.output,
            standardError: captured.error,
            timedOut: captured.timedOut,
            flooded: captured.flooded,
            duration: clock.now - start
        )
    }
}

/// Collects a child's output from two reader tasks, up to a byte limit.
private final class OutputCollector: Sendable {
    private struct State {
        var output: [UInt8] = []
        var error: [UInt8] = []
        var total = 0
        var timedOut = false
        var flooded = false
    }

    private let state = Mutex(State())
    private let maxBytes: Int

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// Stores a chunk; returns true the first time the limit is exceeded,
    /// so the caller kills the child once.
    func append(_ chunk: SubprocessOutputSequence.Buffer, toStandardError: Bool) -> Bool {
        let bytes = chunk.withUnsafeBytes { Array($0) }
        return state.withLock { state in
            let room = max(0, maxBytes - state.total)
            let kept = bytes.prefix(room)
            if toStandardError { state.error += kept } else { state.output += kept }
            state.total += bytes.count
            if state.total > maxBytes, !state.flooded {
                state.flooded = true
                return true
            }
            return false
        }
    }

    func markTimedOut() {
        state.withLock { $0.timedOut = true }
    }

    func snapshot() -> (output: String, error: String, timedOut: Bool, flooded: Bool) {
        state.withLock { state in
            (String(decoding: state.output, as: UTF8.self),
             String(decoding: state.error, as: UTF8.self),
             state.timedOut,
             state.flooded)
        }
    }
}
