import ArgumentParser
import Foundation
import ProbeCommandLine
import ProbeProcess

/// The probe's release, printed by `isolation-probe --version`.
let probeVersion = "1.0.0"

/// The `isolation-probe` command: reproduces, classifies and explains the
/// ways an `@unchecked Sendable` box lets main-actor code run on the wrong
/// thread.
///
/// ```
/// swift run isolation-probe              # one-screen summary (`run` or --verbose: the full report)
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
            Every case is a small program carried inside the probe. The probe compiles it with swiftc \
            (cached under $XDG_CACHE_HOME/isolation-probe or ~/.cache/isolation-probe; --cache-dir), \
            runs it in a child process with a timeout, classifies what happened, and compares that with \
            the case's stated expectation.
            Exit status: 0 when every observation matches, 1 when one does not, 2 for bad usage.
            """,
        version: "isolation-probe \(probeVersion)",
        // Other commands register here, one line each.
        subcommands: [
            SummaryCommand.self,
            RunCommand.self,
            ListCommand.self,
            ExplainCommand.self,
            MatrixCommand.self,
            LintCommand.self,
            DetectCommand.self,
            TriageCommand.self,
        ],
        defaultSubcommand: SummaryCommand.self
    )

    /// Runs the command line with the probe's exit statuses (0, 1, 2; see
    /// `runReturningExitStatus`), every child under a guard that kills it
    /// when the probe dies; or, started as such a guard, is that guard.
    static func main() async {
        ChildGuard.takeOverIfRequested()
        ChildGuard.enable()
        await mainExitingWithStatus()
    }
}
