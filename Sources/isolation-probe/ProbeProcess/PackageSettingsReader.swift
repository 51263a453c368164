import Foundation
import ProbeSupport

extension PackageConcurrencySettings {
    /// How long `swift package dump-package` may take: it compiles the
    /// manifest, and resolves nothing.
    static let dumpLimits = ChildProcess.Limits(timeout: .seconds(300), maxOutputBytes: 16 << 20)

    /// Runs `swift package dump-package` on the package at `packagePath` and
    /// reads its targets' settings.
    ///
    /// ```swift
    /// let settings = try await PackageConcurrencySettings.read(packageAt: ".")
    /// settings.target(named: "App")?.summary   // "App (Swift 6; DM, NN)"
    /// ```
    package static func read(packageAt packagePath: String) async throws(Failure) -> PackageConcurrencySettings {
        guard FileManager.default.fileExists(atPath: (packagePath as NSString).appendingPathComponent("Package.swift")) else {
            throw Failure(packagePath: packagePath, reason: "no Package.swift there")
        }
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(
                executable: try ChildProcess.resolve("swift"),
                arguments: ["package", "--package-path", packagePath, "dump-package"], limits: dumpLimits)
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
