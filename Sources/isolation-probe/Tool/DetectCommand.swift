import ArgumentParser
import Foundation
import IsolationDetect
import ProbeCommandLine
import ProbeProcess
import ProbeSupport

/// `isolation-probe detect`: runs a program with the runtime's isolation
/// checks logging instead of trapping, and reports every violation once.
///
/// ```
/// isolation-probe detect -- .build/debug/MyApp --some-flag
/// isolation-probe detect --format sarif --output detect.sarif -- swift test --skip-build
/// isolation-probe detect --package .                    # build with checks, run the tests
/// isolation-probe detect --package . --product MyApp -- --some-flag
/// ```
///
/// The program's standard input and output pass through untouched and its
/// standard error is forwarded line by line. Exit status: the program's own
/// when it failed (128 + signal when killed); 1 when it succeeded but a
/// violation was reported; 0 otherwise; 2 for bad usage.
struct DetectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Run a program or a package's tests and report every actor-isolation violation the runtime sees.",
        discussion: """
            The program runs with SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE=legacy and \
            SWIFT_UNEXPECTED_EXECUTOR_LOG_LEVEL=1, so code built with -enable-actor-data-race-checks \
            logs each violation and keeps going instead of trapping at the first. Violations are \
            deduplicated by location and counted. The location is where the isolated function or \
            closure is written (the runtime's #fileID, resolved against --source-root).
            With --package, the package is first built with -Xswiftc -enable-actor-data-race-checks \
            (in <package>/.build/isolation-probe-detect), then its tests (or --product) run under detect; \
            arguments after `--` go to the tests or the product. The targets' settings (swift package \
            dump-package: language mode, default isolation, upcoming features) then name, under each \
            violation, those of its target that made it possible.
            The program's standard output and error are forwarded line by line (both are read, because \
            swift test relays the runtime's warnings on standard output); standard input is inherited.
            The report goes to standard error, or to --output.
            Exit status: the program's own if it failed (128+signal if killed), 1 if it succeeded but a \
            violation was found, 0 if none, 2 for bad usage.
            """
    )

    @Option(help: "Build this SwiftPM package with isolation checks and run its tests (or --product).")
    var package: String?

    @Option(help: "With --package: the executable product to run instead of the tests.")
    var product: String?

    @Option(help: "With --package: scratch directory for the checked build.")
    var scratchPath: String?

    @Option(name: .shortAndLong, help: "With --package: build configuration (debug or release).")
    var configuration: String = "debug"

    @Option(help: "Output format: text, json or sarif.")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard error.")
    var output: String?

    @Option(help: "Directory searched to turn the runtime's Module/File.swift into paths (default: the current directory if it holds a Package.swift).")
    var sourceRoot: String?

    @Flag(help: "Do not forward the runtime's own warning lines; the report lists them once each.")
    var quiet = false

    @Option(help: "When the program does not exit 0, keep its standard error (the crash text) in this folder, as <program>-<time>.txt, for `isolation-probe triage` or an issue.")
    var keepCrashText: String?

    @Argument(parsing: .postTerminator, help: "The program and its arguments, after `--` (with --package: arguments for the tests or product).")
    var command: [String] = []

    func validate() throws {
        if package == nil {
            guard !command.isEmpty else {
                throw ValidationError("give a program after `--` (e.g. `detect -- swift test`), or --package <path>")
            }
            if product != nil || scratchPath != nil { throw ValidationError("--product and --scratch-path need --package") }
        }
        if !["debug", "release"].contains(configuration) {
            throw ValidationError("--configuration must be debug or release, not \(configuration)")
        }
        // Checked before the program runs, not after: a long test run must
        // not end in "cannot write" with its report lost.
        if let output {
            let folder = (output as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            let existing = folder.isEmpty ? "." : folder
            guard FileManager.default.fileExists(atPath: existing, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--output \(output): the folder \(existing) does not exist")
            }
            guard FileManager.default.isWritableFile(atPath: existing) else {
                throw ValidationError("--output \(output): the folder \(existing) is not writable")
            }
        }
    }

    func run() async throws {
        let report: DetectReport
        var keptIn: CrashTextFolder?
        if let keepCrashText {
            do { keptIn = try CrashTextFolder(path: keepCrashText) } catch { throw ValidationError(error.description) }
        }
        do {
            if let package {
                let check = PackageCheck(
                    packagePath: package, target: product.map(PackageCheck.Target.product) ?? .tests,
                    passthrough: command, scratchPath: scratchPath, configuration: configuration,
                    forwardRuntimeWarnings: !quiet, keepCrashText: keptIn)
                report = try await check.run()
            } else {
                let root = sourceRoot ?? (FileManager.default.fileExists(atPath: "Package.swift") ? "." : nil)
                report = try await DetectEngine(sourceRoot: root, forwardRuntimeWarnings: !quiet, keepCrashText: keptIn).run(command)
            }
        } catch let failure as ChildProcess.Failure {
            throw ValidationError(failure.description)
        } catch let failure as CrashTextFolder.Failure {
            throw ValidationError(failure.description)
        } catch let failure as PackageCheck.Failure {
            FileHandle.standardError.write(Data("isolation-probe detect: \(failure.description)\n".utf8))
            if case .buildFailed(let ending) = failure { throw ExitCode(ending.shellStatus == 0 ? 1 : ending.shellStatus) }
            throw ExitCode(2)
        }

        let rendered = report.render(format)
        if let output {
            try writeReport(rendered, toFile: output)
        } else {
            FileHandle.standardError.write(Data(rendered.utf8))
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
