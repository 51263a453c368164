import ArgumentParser
import Foundation

/// The `isolation-probe` command: reproduces, classifies and explains the
/// ways an `@unchecked Sendable` box lets main-actor code run on the wrong
/// thread.
///
/// ```
/// swift run isolation-probe              # default report (same as `run`)
/// swift run isolation-probe list
/// swift run isolation-probe run unchecked-box 8 --format json
/// swift run isolation-probe explain preconcurrency-conformance
/// swift run isolation-probe matrix
/// ```
///
/// Exit status: 0 when every observation matches its expectation, 1 when at
/// least one does not, 2 for bad usage (unknown case id, unknown flag).
@main
struct IsolationProbe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isolation-probe",
        abstract: "Reproduce, classify and explain Swift isolation crashes, each case in its own child process.",
        discussion: """
            Every case is a small program under Sources/isolation-probe/Cases. The probe compiles it \
            with swiftc (cached under .build/isolation-probe-cache), runs it in a child process with a \
            timeout, classifies what happened, and compares that with the case's stated expectation.
            Exit status: 0 when every observation matches, 1 when one does not, 2 for bad usage.
            """,
        // Other commands register here, one line each (Lint/, Detect/ own theirs).
        subcommands: [
            RunCommand.self,
            ListCommand.self,
            ExplainCommand.self,
            MatrixCommand.self,
            LintCommand.self,
            DetectCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Runs the command line, mapping every usage error to exit status 2.
    ///
    /// ArgumentParser's own convention is 64 (`EX_USAGE`); this probe promises
    /// CI scripts a smaller contract: 0 match, 1 mismatch, 2 usage.
    static func main() async {
        await main(CommandLine.arguments.dropFirst().map { $0 })
    }

    /// Same as `main()`, for the given arguments (without the program name).
    static func main(_ arguments: [String]) async {
        let code = await runReturningExitCode(arguments)
        Foundation.exit(code)
    }

    /// Parses and runs `arguments`, printing messages like the real program,
    /// and returns the exit status instead of exiting.
    static func runReturningExitCode(_ arguments: [String]) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                // --help, --version: the message is the requested output.
                if !message.isEmpty { print(message) }
                return 0
            }
            if !message.isEmpty {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            if code == .validationFailure {
                return 2
            }
            return code.rawValue
        }
    }
}
