import Foundation

/// Runs a program directly (no shell), passes its standard input and output
/// through, and hands each line of its standard error to a callback before
/// forwarding it.
///
/// ```swift
/// let child = MonitoredChild(command: ["./prog", "--fast"], environment: ["SWIFT_UNEXPECTED_EXECUTOR_LOG_LEVEL": "1"])
/// let ending = try child.run { line in print("stderr:", line); return true }
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

    /// Runs the program to completion. `onStandardErrorLine` sees every line
    /// of its standard error (without the newline) and returns whether to
    /// forward it to this process's standard error.
    func run(onStandardErrorLine: (String) -> Bool) throws -> Ending {
        guard let program = command.first else { throw Failure.emptyCommand }
        let executable = try Self.resolve(program)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        let errorPipe = Pipe()
        process.standardError = errorPipe
        do {
            try process.run()
        } catch {
            throw Failure.launchFailed(program, error.localizedDescription)
        }

        // Read on this thread until every writer (the child and anything it
        // spawned) has closed the pipe; lines are forwarded as they complete.
        let reader = errorPipe.fileHandleForReading
        var pending = Data()
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let lineData = pending[pending.startIndex..<newline]
                pending.removeSubrange(pending.startIndex...newline)
                Self.handle(lineData, terminator: true, onStandardErrorLine)
            }
        }
        if !pending.isEmpty { Self.handle(pending, terminator: false, onStandardErrorLine) }
        process.waitUntilExit()

        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal: return .signaled(process.terminationStatus)
        @unknown default: return .exited(process.terminationStatus)
        }
    }

    private static func handle(_ data: Data, terminator: Bool, _ callback: (String) -> Bool) {
        let line = String(decoding: data, as: UTF8.self)
        if callback(line) {
            FileHandle.standardError.write(data + (terminator ? Data([UInt8(ascii: "\n")]) : Data()))
        }
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
