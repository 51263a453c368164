import Foundation

/// Runs a program directly (no shell), passes its standard input through,
/// and hands each line of its standard output and error to a callback before
/// forwarding it to the same stream.
///
/// ```swift
/// let child = MonitoredChild(command: ["./prog", "--fast"], environment: ["SWIFT_UNEXPECTED_EXECUTOR_LOG_LEVEL": "1"])
/// let ending = try child.run { stream, line in line.hasPrefix("debug:") == false }
/// print(ending)  // exited with status 0
/// ```
struct MonitoredChild {
    /// How the program ended.
    enum Ending: Equatable, Codable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        /// The status a shell would report: the exit code, or 128 + signal.
        var shellStatus: Int32 {
            switch self {
            case .exited(let status): return status
            case .signaled(let signal): return 128 + signal
            }
        }

        var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .signaled(let signal): return "was killed by signal \(signal)\(Self.signalName(signal).map { " (\($0))" } ?? "")"
            }
        }

        static func signalName(_ signal: Int32) -> String? {
            switch signal {
            case SIGILL: return "SIGILL"
            case SIGABRT: return "SIGABRT"
            case SIGTRAP: return "SIGTRAP"
            case SIGSEGV: return "SIGSEGV"
            case SIGBUS: return "SIGBUS"
            case SIGKILL: return "SIGKILL"
            case SIGTERM: return "SIGTERM"
            case SIGINT: return "SIGINT"
            default: return nil
            }
        }
    }

    /// Why the program could not be started.
    enum Failure: Error, CustomStringConvertible {
        case emptyCommand
        case notFound(String)
        case launchFailed(String, String)

        var description: String {
            switch self {
            case .emptyCommand: return "no command given: write the program after `--`, e.g. `detect -- swift test`"
            case .notFound(let name): return "cannot find `\(name)`: not an executable path and not in PATH"
            case .launchFailed(let name, let reason): return "cannot start `\(name)`: \(reason)"
            }
        }
    }

    /// Program and arguments; the program is a path or a name looked up in PATH.
    let command: [String]
    /// Variables set (or replaced) on top of this process's environment.
    let environment: [String: String]
    /// Working directory for the child; `nil` keeps the current one.
    var workingDirectory: String? = nil

    init(command: [String], environment: [String: String], workingDirectory: String? = nil) {
        self.command = command
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// Which of the program's output streams a line came from.
    enum Stream: Sendable {
        case standardOutput, standardError
    }

    /// Runs the program to completion. `onLine` sees every line of its
    /// standard output and standard error (without the newline), possibly
    /// from two threads at once, and returns whether to forward it to the
    /// same stream of this process. Standard input is inherited.
    ///
    /// Both streams are monitored because test runners (`swift test`) pass
    /// the tested program's standard error on through their standard output.
    func run(onLine: @escaping @Sendable (Stream, String) -> Bool) throws -> Ending {
        guard let program = command.first else { throw Failure.emptyCommand }
        let executable = try Self.resolve(program)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        do {
            try process.run()
        } catch {
            throw Failure.launchFailed(program, error.localizedDescription)
        }

        // One reader per stream, so a full pipe on one never blocks the other.
        let outputDone = DispatchSemaphore(value: 0)
        let outputReader = outputPipe.fileHandleForReading
        Thread.detachNewThread {
            Self.pump(outputReader, to: .standardOutput, onLine)
            outputDone.signal()
        }
        Self.pump(errorPipe.fileHandleForReading, to: .standardError, onLine)
        outputDone.wait()
        process.waitUntilExit()

        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal: return .signaled(process.terminationStatus)
        @unknown default: return .exited(process.terminationStatus)
        }
    }

    /// Reads `reader` until every writer (the child and anything it spawned)
    /// has closed it, handing over and forwarding each line as it completes.
    private static func pump(
        _ reader: FileHandle, to stream: Stream, _ onLine: @Sendable (Stream, String) -> Bool
    ) {
        let destination = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        var pending = Data()
        func deliver(_ line: Data, terminated: Bool) {
            if onLine(stream, String(decoding: line, as: UTF8.self)) {
                destination.write(terminated ? line + Data([UInt8(ascii: "\n")]) : line)
            }
        }
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(pending[pending.startIndex..<newline])
                pending.removeSubrange(pending.startIndex...newline)
                deliver(line, terminated: true)
            }
        }
        if !pending.isEmpty { deliver(pending, terminated: false) }
    }

    /// The absolute path of `program`: itself if it contains a `/`, else the
    /// first executable of that name in PATH.
    static func resolve(_ program: String) throws -> String {
        let manager = FileManager.default
        if program.contains("/") {
            guard manager.isExecutableFile(atPath: program) else { throw Failure.notFound(program) }
            return program
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
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
