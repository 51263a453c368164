import Foundation

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
/// let report = try check.run()
/// print(report.tally.entries.count)
/// ```
struct PackageCheck {
    /// What to run after building.
    enum Target: Equatable {
        /// `swift test --skip-build`, forwarding extra arguments (`--filter …`).
        case tests
        /// The named executable product, with extra arguments.
        case product(String)
    }

    /// Why the check could not run the package.
    enum Failure: Error, CustomStringConvertible {
        case notAPackage(String)
        case buildFailed(MonitoredChild.Ending)
        case noBinPath

        var description: String {
            switch self {
            case .notAPackage(let path): return "no Package.swift in \(path)"
            case .buildFailed(let ending): return "the build with -enable-actor-data-race-checks failed: swift build \(ending)"
            case .noBinPath: return "swift build --show-bin-path printed no directory"
            }
        }
    }

    /// The flag that compiles a dynamic isolation check into every
    /// synchronous isolated function and closure.
    static let checkFlags = ["-Xswiftc", "-enable-actor-data-race-checks"]

    var packagePath: String
    var target: Target
    var passthrough: [String] = []
    var scratchPath: String? = nil
    var configuration = "debug"
    var forwardRuntimeWarnings = true

    init(
        packagePath: String, target: Target, passthrough: [String] = [], scratchPath: String? = nil,
        configuration: String = "debug", forwardRuntimeWarnings: Bool = true
    ) {
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
    var buildCommand: [String] {
        var command = ["swift", "build"] + commonArguments + Self.checkFlags
        switch target {
        case .tests: command.append("--build-tests")
        case .product(let name): command += ["--product", name]
        }
        return command
    }

    /// Builds, then runs under detect. The build's output goes to the
    /// terminal as usual; only the run is monitored.
    func run() throws -> DetectReport {
        guard FileManager.default.fileExists(atPath: (packagePath as NSString).appendingPathComponent("Package.swift")) else {
            throw Failure.notAPackage(packagePath)
        }
        let build = try MonitoredChild(command: buildCommand, environment: [:]).run { _, _ in true }
        guard build == .exited(0) else { throw Failure.buildFailed(build) }

        let engine = DetectEngine(sourceRoot: packagePath, forwardRuntimeWarnings: forwardRuntimeWarnings)
        switch target {
        case .tests:
            return try engine.run(["swift", "test", "--skip-build"] + commonArguments + passthrough)
        case .product(let name):
            let binPath = try showBinPath()
            return try engine.run([(binPath as NSString).appendingPathComponent(name)] + passthrough)
        }
    }

    /// Asks SwiftPM where the products of this configuration are.
    private func showBinPath() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try MonitoredChild.resolve("swift"))
        process.arguments = ["build", "--show-bin-path"] + commonArguments + Self.checkFlags
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard process.terminationStatus == 0, !path.isEmpty else { throw Failure.noBinPath }
        return path
    }
}
