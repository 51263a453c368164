import Foundation
import ProbeProcess
import ProbeSupport

/// "Check my package" in one step: build a SwiftPM package with the run-time
/// isolation checks compiled in, then run its tests or one executable under
/// `DetectEngine`.
///
/// The build uses its own scratch directory (default
/// `<package>/.build/isolation-probe-detect`) so the extra compiler flag does
/// not invalidate the package's normal build.
///
/// ```swift
/// let check = PackageCheck(packagePath: ".", target: .tests, passthrough: ["--filter", "Logging"])
/// let report = try await check.run()
/// print(report.tally.entries.count)
/// ```
package struct PackageCheck {
    /// What to run after building.
    package enum Target: Equatable {
        /// `swift test --skip-build`, forwarding extra arguments (`--filter …`).
        case tests
        /// The named executable product, with extra arguments.
        case product(String)
    }

    /// Why the check could not run the package.
    package enum Failure: Error, CustomStringConvertible {
        case notAPackage(String)
        case buildFailed(ProcessTermination)
        case noBinPath

        package var description: String {
            switch self {
            case .notAPackage(let path): return "no Package.swift in \(path)"
            case .buildFailed(let ending): return "the build with -enable-actor-data-race-checks failed: swift build \(ending.sentence)"
            case .noBinPath: return "swift build --show-bin-path printed no directory"
            }
        }
    }

    /// The flag that compiles a dynamic isolation check into every
    /// synchronous isolated function and closure.
    package static let checkFlags = ["-Xswiftc", "-enable-actor-data-race-checks"]

    package var packagePath: String
    package var target: Target
    package var passthrough: [String] = []
    package var scratchPath: String? = nil
    package var configuration = "debug"
    package var forwardRuntimeWarnings = true
    /// Where to keep the run's standard error when it fails (`--keep-crash-text`).
    package var keepCrashText: CrashTextFolder?

    package init(
        packagePath: String, target: Target, passthrough: [String] = [], scratchPath: String? = nil,
        configuration: String = "debug", forwardRuntimeWarnings: Bool = true, keepCrashText: CrashTextFolder? = nil
    ) {
        self.keepCrashText = keepCrashText
        self.packagePath = packagePath
        self.target = target
        self.passthrough = passthrough
        self.scratchPath = scratchPath
        self.configuration = configuration
        self.forwardRuntimeWarnings = forwardRuntimeWarnings
    }

    private var resolvedScratchPath: String {
        scratchPath ?? (packagePath as NSString).appendingPathComponent(".build/isolation-probe-detect")
    }

    private var commonArguments: [String] {
        ["--package-path", packagePath, "--scratch-path", resolvedScratchPath, "--configuration", configuration]
    }

    /// The `swift build` command line.
    package var buildCommand: [String] {
        var command = ["swift", "build"] + commonArguments + Self.checkFlags
        switch target {
        case .tests: command.append("--build-tests")
        case .product(let name): command += ["--product", name]
        }
        return command
    }

    /// Builds, then runs under detect. The build's output goes to the
    /// terminal as usual; only the run is monitored.
    package func run() async throws -> DetectReport {
        guard FileManager.default.fileExists(atPath: (packagePath as NSString).appendingPathComponent("Package.swift")) else {
            throw Failure.notAPackage(packagePath)
        }
        let build = try await ChildProcess.relay(buildCommand, environment: [:]) { _, _ in true }
        guard build == .exited(0) else { throw Failure.buildFailed(build) }

        let engine = DetectEngine(sourceRoot: packagePath, forwardRuntimeWarnings: forwardRuntimeWarnings,
                                  keepCrashText: keepCrashText)
        var report: DetectReport
        switch target {
        case .tests:
            report = try await engine.run(["swift", "test", "--skip-build"] + commonArguments + passthrough)
        case .product(let name):
            let binPath = try await showBinPath()
            report = try await engine.run([(binPath as NSString).appendingPathComponent(name)] + passthrough)
        }
        // The targets' settings say which of them made a violation possible;
        // without them the violations are still reported.
        if !report.tally.entries.isEmpty {
            do throws(PackageConcurrencySettings.Failure) {
                report.packageSettings = try await PackageConcurrencySettings.read(packageAt: packagePath)
            } catch {
                report.settingsProblem = error.description
            }
        }
        return report
    }

    /// Asks SwiftPM where the products of this configuration are.
    private func showBinPath() async throws -> String {
        let result = try await ChildProcess.run(
            executable: try ChildProcess.resolve("swift"),
            arguments: ["build", "--show-bin-path"] + commonArguments + Self.checkFlags,
            limits: .init(timeout: .seconds(600), maxOutputBytes: 1 << 20))
        let path = result.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        guard result.termination == .exited(0), !path.isEmpty else { throw Failure.noBinPath }
        return path
    }
}
