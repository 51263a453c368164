import ArgumentParser
import Foundation
import IsolationLint
import ProbeSupport

/// `isolation-probe lint`: finds isolation loopholes in Swift sources.
///
/// ```
/// isolation-probe lint Sources
/// isolation-probe lint Sources/MyLib --format sarif --output lint.sarif
/// ```
///
/// Exit status: 0 when nothing is found, 1 when something is, 2 for bad usage
/// (a missing path, no Swift files).
package struct LintCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find isolation loopholes (@unchecked Sendable closures and boxes) in Swift sources.",
        discussion: """
            Parses every .swift file under the given paths with swift-syntax, as one program, and reports:
              unchecked-sendable-stored-closure   an @unchecked Sendable type stores a non-@Sendable function
              unchecked-sendable-generic-box      a generic @unchecked Sendable box hands out T without `sending`
              nonisolated-unsafe-mutable-closure  a nonisolated(unsafe) static/global var holds a function
              unchecked-box-of-closure            such a box is instantiated with a non-@Sendable function type
              assume-isolated-in-sendable-closure MainActor.assumeIsolated inside a closure any thread may call
            Suppress one finding with a comment on its line or just above its declaration:
              // isolation-probe:ignore <rule-id> -- <reason>
            A suppression without a reason, with an unknown rule, or matching nothing is itself reported.
            Directories named .build*, .git, .swiftpm and Packages are skipped.
            Exit status: 0 nothing found, 1 findings, 2 bad usage.
            """
    )

    @Argument(help: "Swift files or directories to lint (directories are searched recursively).")
    var paths: [String] = ["."]

    @Option(help: "Output format: text, json or sarif.")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: ArgumentHelp(
        "For build-tool plugins: after linting, write this (empty) Swift file and exit 0 even with findings, so a build shows them as warnings.",
        visibility: .hidden))
    var stamp: String?

    package init() {}

    package func run() throws {
        let report: LintReport
        do {
            report = try LintEngine().lint(paths: paths)
        } catch let failure as LintEngine.Failure {
            throw ValidationError(failure.description)
        }
        let rendered = report.render(format)
        if let output {
            try writeReport(rendered, toFile: output)
            if format != .text {
                // Keep a one-line summary visible when the report goes to a file.
                let line = "isolation-probe lint: \(report.findings.count) finding(s), report written to \(output)\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
        } else {
            FileHandle.standardOutput.write(Data(rendered.utf8))
        }
        if let stamp {
            try writeReport("// isolation-lint checked \(report.filesScanned) file(s); findings: \(report.findings.count)\n", toFile: stamp)
            return
        }
        if !report.findings.isEmpty { throw ExitCode(1) }
    }
}
