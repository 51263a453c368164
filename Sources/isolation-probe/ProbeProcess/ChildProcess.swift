import Foundation
import Subprocess
import Synchronization
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// The probe's one way to start a program: directly (no shell), through
/// swift-subprocess, either capturing its output under a time and size limit
/// (`run`) or relaying it line by line with standard input inherited
/// (`relay`). In the probe's executable every program runs under a
/// ``ChildGuard``, so that it dies with the probe however the probe ends.
///
/// ```swift
/// let result = try await ChildProcess.run(
///     executable: "/usr/bin/env", arguments: ["true"],
///     limits: .init(timeout: .seconds(5), maxOutputBytes: 1 << 20))
/// result.termination  // .exited(0)
/// ```
package enum ChildProcess {
    /// How long a child may run and how much it may print.
    package struct Limits: Sendable {
        package var timeout: Duration
        package var maxOutputBytes: Int

        package init(timeout: Duration, maxOutputBytes: Int) {
            self.timeout = timeout
            self.maxOutputBytes = maxOutputBytes
        }
    }

    /// What a captured child printed and how it ended.
    package struct Result: Sendable {
        package var termination: ProcessTermination
        package var standardOutput: String
        package var standardError: String
        /// The probe killed the child because the time limit passed.
        package var timedOut: Bool
        /// The probe killed the child because it printed too much.
        package var flooded: Bool
        package var duration: Duration

        package init(
            termination: ProcessTermination, standardOutput: String, standardError: String,
            timedOut: Bool = false, flooded: Bool = false, duration: Duration = .zero
        ) {
            self.termination = termination
            self.standardOutput = standardOutput
            self.standardError = standardError
            self.timedOut = timedOut
            self.flooded = flooded
            self.duration = duration
        }
    }

    /// Why a program could not be started.
    package enum Failure: Error, CustomStringConvertible {
        case emptyCommand
        case notFound(String)
        case launchFailed(String, String)

        package var description: String {
            switch self {
            case .emptyCommand: "no command given: write the program after `--`, e.g. `detect -- swift test`"
            case .notFound(let name): "cannot find `\(name)`: not an executable path and not in PATH"
            case .launchFailed(let name, let reason): "cannot start `\(name)`: \(reason)"
            }
        }
    }

    /// Which of the child's output streams a line came from.
    package enum Stream: Sendable {
        case standardOutput, standardError
    }

    /// Launches `executable` with `arguments` and `environment` added to the
    /// probe's own environment.
    package static func run(
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
        let guarded = ChildGuard.isEnabled
        let executableSpec: Executable
        let spawnArguments: [String]
        if guarded {
            let command = ChildGuard.command(running: try resolve(executable), arguments: arguments)
            (executableSpec, spawnArguments) = (.path(FilePath(command.executable)), command.arguments)
        } else {
            executableSpec = executable.contains("/") ? .path(FilePath(executable)) : .name(executable)
            spawnArguments = arguments
        }
        let outcome = try await Subprocess.run(
            executableSpec,
            arguments: Arguments(spawnArguments),
            environment: .inherit.updating(overrides),
            workingDirectory: workingDirectory.map { FilePath($0) },
            platformOptions: Self.ownProcessGroup,
            input: .none,
            output: .sequence,
            error: .sequence
        ) { execution in
            ChildProcessGroups.shared.add(execution.processIdentifier.value, ending: .killGroup)
            defer { ChildProcessGroups.shared.remove(execution.processIdentifier.value) }
            // Readers end at EOF; the watchdog kills the child on timeout, so
            // a hung child still ends the readers.
            await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    do {
                        for try await chunk in execution.standardOutput {
                            if collector.append(chunk, toStandardError: false) { try? execution.send(signal: .kill, toProcessGroup: true) }
                        }
                    } catch {}
                    return true
                }
                group.addTask {
                    do {
                        for try await chunk in execution.standardError {
                            if collector.append(chunk, toStandardError: true) { try? execution.send(signal: .kill, toProcessGroup: true) }
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
                    try? execution.send(signal: .kill, toProcessGroup: true)
                    return false
                }
                var readersDone = 0
                while let isReader = await group.next() {
                    if isReader { readersDone += 1 }
                    if readersDone == 2 { group.cancelAll() }
                }
            }
        }
        let termination = ProcessTermination(outcome.terminationStatus)
        let captured = collector.snapshot()
        if guarded, termination == .exited(ChildGuard.launchFailureStatus),
            let reason = ChildGuard.launchFailure(in: captured.error)
        {
            throw Failure.launchFailed(executable, reason)
        }
        return Result(
            termination: termination,
            standardOutput: captured.output,
            standardError: captured.error,
            timedOut: captured.timedOut,
            flooded: captured.flooded,
            duration: clock.now - start
        )
    }

    /// Runs `command` to completion with standard input inherited, handing
    /// every line of its standard output and error (without the newline) to
    /// `onLine`, possibly from two tasks at once, and forwarding the line to
    /// the same stream of this process when `onLine` returns true. Reading
    /// ends when every writer (the child and anything it spawned) has closed
    /// the stream.
    ///
    /// ```swift
    /// let ending = try await ChildProcess.relay(["swift", "test"], environment: [:]) { _, line in
    ///     !line.hasPrefix("debug:")
    /// }
    /// ```
    package static func relay(
        _ command: [String],
        environment: [String: String],
        workingDirectory: String? = nil,
        onLine: @escaping @Sendable (Stream, String) -> Bool
    ) async throws -> ProcessTermination {
        guard let program = command.first else { throw Failure.emptyCommand }
        let executable = try resolve(program)
        var overrides: [Environment.Key: String?] = [:]
        for (key, value) in environment {
            overrides[Environment.Key(stringLiteral: key)] = value
        }
        // A child reading the terminal must stay in the terminal's
        // foreground group (the probe's): in a group of its own it would be
        // stopped by SIGTTIN. It is then ended alone, not as a group.
        let ownGroup = isatty(STDIN_FILENO) == 0
        let guarded = ChildGuard.isEnabled
        let spawn = guarded
            ? ChildGuard.command(running: executable, arguments: Array(command.dropFirst()))
            : (executable: executable, arguments: Array(command.dropFirst()))
        // A guard sharing the probe's group is sent the probe's ending
        // signal, so that it kills its program.
        let ending: ChildProcessGroups.Ending = ownGroup ? .killGroup : guarded ? .forwardSignal : .killProcess
        // The guard's report that the program could not start is not the
        // program's output.
        let launchFailure = LaunchFailureNote()
        let deliver: @Sendable (Stream, String) -> Bool = { stream, line in
            if guarded, stream == .standardError, let reason = ChildGuard.launchFailure(in: line) {
                launchFailure.record(reason)
                return false
            }
            return onLine(stream, line)
        }
        let status: TerminationStatus
        do {
            status = try await Subprocess.run(
                .path(FilePath(spawn.executable)),
                arguments: Arguments(spawn.arguments),
                environment: .inherit.updating(overrides),
                workingDirectory: workingDirectory.map { FilePath($0) },
                platformOptions: ownGroup ? Self.ownProcessGroup : PlatformOptions(),
                input: .currentStandardInput,
                output: .sequence,
                error: .sequence
            ) { execution in
                ChildProcessGroups.shared.add(execution.processIdentifier.value, ending: ending)
                defer { ChildProcessGroups.shared.remove(execution.processIdentifier.value) }
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await forwardLines(of: execution.standardOutput, as: .standardOutput, deliver) }
                    group.addTask { await forwardLines(of: execution.standardError, as: .standardError, deliver) }
                }
            }.terminationStatus
        } catch {
            throw Failure.launchFailed(program, "\(error)")
        }
        let termination = ProcessTermination(status)
        if termination == .exited(ChildGuard.launchFailureStatus), let reason = launchFailure.reason {
            throw Failure.launchFailed(program, reason)
        }
        return termination
    }

    /// Starts the child as the leader of a new process group, so a timeout
    /// or the probe's own end kills it with everything it spawned.
    private static var ownProcessGroup: PlatformOptions {
        var options = PlatformOptions()
        options.processGroupID = 0
        return options
    }

    /// Splits `sequence` into lines, hands each to `onLine` and writes the
    /// ones it keeps to this process's stream of the same kind.
    private static func forwardLines(
        of sequence: SubprocessOutputSequence, as stream: Stream, _ onLine: @Sendable (Stream, String) -> Bool
    ) async {
        let destination: Int32 = stream == .standardOutput ? 1 : 2
        var pending: [UInt8] = []
        // Bytes of `pending` already searched for a newline: a long line
        // arriving in many chunks is scanned once, not once per chunk.
        var searched = 0
        func deliver(_ line: ArraySlice<UInt8>, terminated: Bool) {
            guard onLine(stream, String(decoding: line, as: UTF8.self)) else { return }
            var bytes = Array(line)
            if terminated { bytes.append(UInt8(ascii: "\n")) }
            writeAll(bytes, to: destination)
        }
        do {
            for try await chunk in sequence {
                pending += chunk.withUnsafeBytes { Array($0) }
                var start = pending.startIndex
                while let newline = pending[max(start, searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                    deliver(pending[start..<newline], terminated: true)
                    start = newline + 1
                }
                pending.removeSubrange(pending.startIndex..<start)
                searched = pending.count
            }
        } catch {}
        if !pending.isEmpty { deliver(pending[...], terminated: false) }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 {
                    if written < 0, errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// The absolute path of `program`: itself if it contains a `/`, else the
    /// first executable of that name in `searchPath` (the process's PATH by
    /// default).
    ///
    /// ```swift
    /// try ChildProcess.resolve("swift")  // "/opt/swift/usr/bin/swift"
    /// ```
    package static func resolve(
        _ program: String,
        searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    ) throws -> String {
        let manager = FileManager.default
        if program.contains("/") {
            guard manager.isExecutableFile(atPath: program) else { throw Failure.notFound(program) }
            return program
        }
        for directory in searchPath.split(separator: ":") {
            let candidate = String(directory) + "/" + program
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                manager.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        throw Failure.notFound(program)
    }
}

extension ProcessTermination {
    init(_ status: TerminationStatus) {
        switch status {
        case .exited(let code): self = .exited(code)
        case .signaled(let signal): self = .signaled(signal)
        }
    }
}

/// What a guard reported about a relayed program it could not start.
private final class LaunchFailureNote: Sendable {
    private let stored = Mutex<String?>(nil)

    var reason: String? { stored.withLock { $0 } }

    func record(_ reason: String) {
        stored.withLock { $0 = reason }
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
