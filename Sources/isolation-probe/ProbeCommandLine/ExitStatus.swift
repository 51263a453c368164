import ArgumentParser
import Foundation
import ProbeSupport

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
        var parsed: (any ParsableCommand.Type)?
        do {
            var command = try parseAsRoot(arguments)
            parsed = type(of: command)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            let code = exitCode(for: error)
            let message = usageError(error, from: parsed) ?? fullMessage(for: error)
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

    /// The message for a usage error a subcommand's `run` threw (an
    /// unknown case id, say), with that subcommand's usage line: ArgumentParser
    /// gives the root command's for errors thrown after parsing.
    private static func usageError(_ error: any Error, from subcommand: (any ParsableCommand.Type)?) -> String? {
        guard let error = error as? ValidationError, let subcommand, subcommand != Self.self else { return nil }
        let names = [Self._commandName, subcommand._commandName].joined(separator: " ")
        return """
            Error: \(error.message)
            Usage: \(usageString(for: subcommand))
              See '\(names) --help' for more information.
            """
    }

    /// Runs the process's own command line (its arguments as
    /// ``BytePath/commandLineArguments`` shows them, so a file name that is
    /// not UTF-8 still names its file) and exits with
    /// ``runReturningExitStatus(_:)``'s status.
    package static func mainExitingWithStatus() async -> Never {
        let status = await runReturningExitStatus(BytePath.commandLineArguments)
        Foundation.exit(status)
    }
}
