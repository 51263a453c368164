import Foundation
import ProbeSupport

extension PackageConcurrencySettings {
    /// Runs `swift package dump-package` on the package at `packagePath` and
    /// reads its targets' settings. Lint runs the same command synchronously
    /// (`PackageManifest` in IsolationLint, which cannot use ``ChildProcess``);
    /// both take the arguments, scratch path and time limit from
    /// ProbeSupport, and parse with ``init(dumpPackageJSON:packagePath:)``.
    ///
    /// ```swift
    /// let settings = try await PackageConcurrencySettings.read(packageAt: ".")
    /// settings.target(named: "App")?.summary   // "App (Swift 6; DM, NN)"
    /// ```
    package static func read(packageAt packagePath: String) async throws(Failure) -> PackageConcurrencySettings {
        guard FileManager.default.fileExists(atPath: (packagePath as NSString).appendingPathComponent("Package.swift")) else {
            throw Failure(packagePath: packagePath, reason: "no Package.swift there")
        }
        let scratch = makeDumpScratchPath()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(
                executable: try ChildProcess.resolve("swift"),
                arguments: dumpPackageArguments(packagePath: packagePath, scratchPath: scratch),
                limits: ChildProcess.Limits(timeout: .seconds(dumpTimeLimitSeconds), maxOutputBytes: 16 << 20))
        } catch {
            throw Failure(packagePath: packagePath, reason: "cannot run swift package dump-package: \(error)")
        }
        guard result.termination == .exited(0), !result.timedOut else {
            let said = result.standardError.split(separator: "\n").first.map { ": \($0)" } ?? ""
            throw Failure(packagePath: packagePath, reason: "swift package dump-package \(result.termination.sentence)\(said)")
        }
        return try PackageConcurrencySettings(dumpPackageJSON: Data(result.standardOutput.utf8), packagePath: packagePath)
    }
}
