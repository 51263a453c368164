import ArgumentParser
import Foundation
import IsolationLint
import ProbeSupport

/// `isolation-probe lint` (and `isolation-lint`): finds isolation loopholes in Swift sources.
///
/// ```
/// isolation-probe lint Sources
/// isolation-probe lint Sources/MyLib --format sarif --output lint.sarif
/// isolation-probe lint Sources --write-baseline isolation-baseline.json
/// isolation-probe lint Sources --baseline isolation-baseline.json
/// isolation-probe lint Sources --fix --dry-run
/// ```
///
/// Exit status: 0 when nothing is found, 1 when something is, 2 for bad usage
/// (a missing path, no Swift files, a malformed configuration or baseline).
package struct LintCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find isolation loopholes (@unchecked Sendable closures and boxes) in Swift sources.",
        // The generated usage lists every option on one line, wider than a terminal.
        usage: "isolation-probe lint [<paths> ...] [<options>]",
        discussion: """
            Parses every .swift file under the given paths with swift-syntax, as one program, and reports:
            \(LintRules.helpList)
            Suppress findings with a comment on the flagged line, or just above the flagged declaration \
            or a declaration containing it (a type: the comment then covers its members):
              // isolation-probe:ignore <rule-id> -- <reason>
            A suppression without a reason, with an unknown rule, or matching nothing is itself reported.
            Directories named .build*, .git, .swiftpm and Packages are skipped; unreadable and non-UTF-8 \
            files are skipped and named.
            Settings come from the first .isolation-probe.json in the linted paths' common directory or above \
            (keys: included, excluded, rules, safeWrappers, unsafeBoxes, baseline, fileTimeLimit, targets); flags override them.
            Each target's settings (language mode, .defaultIsolation(MainActor.self), the upcoming features \
            NonisolatedNonsendingByDefault and InferIsolatedConformances) are read from the nearest Package.swift \
            with `swift package dump-package`, and the configuration's "targets" corrects them (or gives them for \
            an Xcode project): {"targets": {"App": {"path": "App", "defaultIsolation": "MainActor", \
            "languageMode": "6", "upcomingFeatures": [...]}}}. Findings are explained by them.
            A file that takes longer than the time limit to read and parse (default 60 s), is larger than \
            64 MiB or nests deeper than 20,000 levels is skipped and named, and the run goes on.
            Each stored loophole has a reach: exploitable when a public or open API lets code outside the \
            module put a non-@Sendable closure in, latent when only the module's own code can; exploitable \
            findings come first, and --min-reach exploitable keeps only them.
            Exit status: 0 nothing found, 1 findings, 2 bad usage.
            """
    )

    @Argument(help: "Swift files or directories to lint (directories are searched recursively).")
    var paths: [String] = ["."]

    @Option(help: "Output format: text, json or sarif.")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Report only findings this baseline file does not accept; list its entries that no longer match as fixed.")
    var baseline: String?

    @Option(help: "Record the current findings in this baseline file (paths relative to its directory) and exit 0.")
    var writeBaseline: String?

    @Flag(help: "Apply the mechanical fixes (@Sendable function types, isolated deinit) in place, then report what is left.")
    var fix = false

    @Flag(help: "With --fix: print the changes as a unified diff instead of writing them.")
    var dryRun = false

    @Option(help: "Report only findings this reachable: exploitable (a public API lets other modules put a non-Sendable closure in) or latent (everything). Exploitable ones come first either way.")
    var minReach: LintReach = .latent

    @Option(help: "Use this configuration file instead of looking for \(LintConfiguration.fileName).")
    var config: String?

    @Flag(help: "Do not run `swift package dump-package` to read the targets' settings (it runs the manifest's code).")
    var noPackageSettings = false

    @Option(help: "Set a rule's severity, overriding the configuration: RULE=off|warning|error (repeatable).")
    var rule: [String] = []

    @Option(help: "Skip files matching this glob, relative to the configuration's directory (repeatable).")
    var exclude: [String] = []

    @Option(help: "Seconds one file may take to read and parse before it is skipped and named (default: fileTimeLimit, else \(Int(LintConfiguration.defaultFileTimeLimit))).")
    var fileTimeLimit: Double?

    @Option(help: ArgumentHelp(
        "For build-tool plugins: after linting, write this (empty) Swift file and exit 0 unless a finding is an error, so a build shows them as warnings.",
        visibility: .hidden))
    var stamp: String?

    @Option(help: ArgumentHelp(
        "For the command plugin: write the path arguments under which something was found to this file, one a line.",
        visibility: .hidden))
    var pathsWithFindings: String?

    package init() {}

    package func validate() throws {
        if dryRun && !fix { throw ValidationError("--dry-run only applies to --fix") }
    }

    package func run() throws {
        let configuration = try loadConfiguration()
        let engine = LintEngine(configuration: configuration)
        let baselinePath = baseline ?? (writeBaseline == nil ? configuration.baseline.map(configuration.resolve) : nil)
        let accepted: LintBaseline?
        do throws(LintBaseline.Failure) {
            accepted = try baselinePath.map { path throws(LintBaseline.Failure) in try LintBaseline.load(path) }
        } catch {
            throw ValidationError(error.description)
        }

        var report: LintReport
        do {
            if fix {
                report = try applyFixes(engine: engine, baseline: accepted)
            } else {
                report = try engine.lint(paths: paths)
            }
        } catch let failure as LintEngine.Failure {
            throw ValidationError(failure.description)
        }
        if let writeBaseline {
            let directory = (writeBaseline as NSString).deletingLastPathComponent
            let recorded = LintBaseline(recording: report.findings, root: directory.isEmpty ? "." : directory)
            try writeReport(recorded.rendered, toFile: writeBaseline)
            let line = "isolation-probe lint: wrote \(report.findings.count) finding(s) as \(recorded.entries.count) "
                + "entr\(recorded.entries.count == 1 ? "y" : "ies") to \(writeBaseline)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        if let accepted, !fix { report = accepted.applied(to: report) }
        report.rankByReach(keeping: minReach)

        try emit(report)
        if let pathsWithFindings {
            let found = paths.filter { path in report.findings.contains { $0.file.isInside(path) } }
            try writeReport(found.map { $0 + "\n" }.joined(), toFile: pathsWithFindings)
        }
        if let stamp {
            try writeReport("// isolation-lint checked \(report.filesScanned) file(s); findings: \(report.findings.count)\n", toFile: stamp)
            if report.hasErrors { throw ExitCode(1) }
            return
        }
        if writeBaseline != nil { return }
        if !report.findings.isEmpty { throw ExitCode(1) }
    }

    /// The configuration file (given, or found from the paths upward) with
    /// the command line's overrides applied.
    private func loadConfiguration() throws -> LintConfiguration {
        do throws(LintConfiguration.Failure) {
            var configuration: LintConfiguration
            if let config {
                configuration = try LintConfiguration.load(config)
            } else {
                configuration = try LintConfiguration.discover(for: paths) ?? LintConfiguration()
            }
            configuration.excluded += exclude
            if noPackageSettings { configuration.readsPackageManifests = false }
            try configuration.override(rules: rule)
            if let fileTimeLimit { configuration.fileTimeLimit = try LintConfiguration.validFileTimeLimit(fileTimeLimit) }
            return configuration
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Fixes in place (or prints the diff with --dry-run), prints one line
    /// per change, and returns the findings left.
    private func applyFixes(engine: LintEngine, baseline: LintBaseline?) throws -> LintReport {
        let result = try LintFixer(engine: engine, baseline: baseline).fix(paths: paths)
        var changeLines = ""
        for change in result.changes {
            changeLines += "\(change.file):\(change.line): fixed [\(change.rules.map(\.rawValue).joined(separator: ", "))]\n"
        }
        if dryRun {
            FileHandle.standardOutput.write(Data(result.unifiedDiff.utf8))
            FileHandle.standardError.write(Data(changeLines.utf8))
        } else {
            // Every file is checked before any is written, so a read-only
            // one leaves the tree as it was.
            do {
                let files = result.fixedTexts.sorted(by: { $0.key < $1.key })
                for (file, _) in files { try InPlaceFile.checkWritable(file) }
                for (file, text) in files {
                    try InPlaceFile.replace(path: file, old: result.originalTexts[file] ?? "", new: text)
                }
            } catch {
                throw ValidationError(error.description)
            }
            FileHandle.standardOutput.write(Data(changeLines.utf8))
        }
        return result.report
    }

    private func emit(_ report: LintReport) throws {
        let rendered = report.render(format)
        // With a diff on standard output, the report goes to standard error.
        let reportHandle = dryRun && output == nil ? FileHandle.standardError : FileHandle.standardOutput
        if let output {
            try writeReport(rendered, toFile: output)
            if format != .text {
                // Keep a one-line summary visible when the report goes to a file.
                let line = "isolation-probe lint: \(report.findings.count) finding(s), report written to \(output)\n"
                FileHandle.standardError.write(Data((report.notes() + line).utf8))
            }
        } else {
            reportHandle.write(Data(rendered.utf8))
            if format != .text { FileHandle.standardError.write(Data(report.notes().utf8)) }
        }
    }
}

extension String {
    /// Whether this file path is `path` or lies under the directory `path`.
    fileprivate func isInside(_ path: String) -> Bool {
        let directory = path.hasSuffix("/") ? path : path + "/"
        return self == path || hasPrefix(directory)
    }
}
