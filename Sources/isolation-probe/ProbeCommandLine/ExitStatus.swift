import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Parses and runs `arguments` as this root command, printing messages
    /// like the real program, and returns the exit status instead of exiting.
    ///
    /// ArgumentParser's own convention for usage errors is 64 (`EX_USAGE`);
    /// the probe's tools promise CI scripts a smaller contract: 0 success,
    /// 1 something found (or not as expected), 2 bad usage.
    ///
    /// ```swift
    /// let status = await LintCommand.runReturningExitStatus(["Sources"])  // 0 or 1
    /// ```
    package static func runReturningExitStatus(_ arguments: [String]) async -> Int32 {
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

    /// Runs the process's own command line and exits with
    /// ``runReturningExitStatus(_:)``'s status.
    package static func mainExitingWithStatus() async -> Never {
        let status = await runReturningExitStatus(Array(CommandLine.arguments.dropFirst()))
        Foundation.exit(status)
    }
}
