import Foundation

/// Where the probe finds `swiftc`, the package's built modules and the
/// package checkout, and where it caches compiled case programs.
///
/// ```swift
/// let toolchain = Toolchain.discover()
/// toolchain.modulesDirectory  // <bin dir>/Modules, next to the probe itself
/// ```
struct Toolchain: Sendable {
    /// `swiftc`, or the value of `ISOLATION_PROBE_SWIFTC`.
    var swiftc: String
    /// The build directory the probe (or the test runner) was built into.
    var binDirectory: URL
    /// The package checkout (for C module headers under `Sources/<target>/include`).
    var packageRoot: URL
    /// Root of the compile cache: `--cache-dir`, else `ISOLATION_PROBE_CACHE_DIR`,
    /// else `.build/isolation-probe-cache` in the checkout.
    var cacheDirectory: URL

    var modulesDirectory: URL { binDirectory.appendingPathComponent("Modules", isDirectory: true) }

    /// The checkout this file was compiled from.
    static var defaultPackageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Engine
            .deletingLastPathComponent()  // isolation-probe
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
    }

    /// The directory holding the running executable (`/proc/self/exe`), or
    /// `ISOLATION_PROBE_BUILD_DIR` when set.
    static var defaultBinDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["ISOLATION_PROBE_BUILD_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static func discover(cacheDirectory: URL? = nil) -> Toolchain {
        let root = defaultPackageRoot
        let swiftc = ProcessInfo.processInfo.environment["ISOLATION_PROBE_SWIFTC"].flatMap { $0.isEmpty ? nil : $0 } ?? "swiftc"
        return Toolchain(
            swiftc: swiftc,
            binDirectory: defaultBinDirectory,
            packageRoot: root,
            cacheDirectory: cacheDirectory
                ?? ProcessInfo.processInfo.environment["ISOLATION_PROBE_CACHE_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
                ?? root.appendingPathComponent(".build/isolation-probe-cache", isDirectory: true)
        )
    }

    /// Object files SwiftPM built for `target` (Swift and C), excluding the
    /// debugger-only module wrapper.
    func objectFiles(ofTarget target: String) throws -> [URL] {
        let buildDirectory = binDirectory.appendingPathComponent("\(target).build", isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: buildDirectory.path) else {
            throw ProbeError.missingBuildProducts(target: target, directory: buildDirectory.path)
        }
        let objects = names.filter { $0.hasSuffix(".o") && !$0.hasSuffix(".swiftmodule.o") }.sorted()
        if objects.isEmpty {
            throw ProbeError.missingBuildProducts(target: target, directory: buildDirectory.path)
        }
        return objects.map { buildDirectory.appendingPathComponent($0) }
    }

    /// `Sources/<target>/include` when the target is a C module with headers.
    func includeDirectory(ofTarget target: String) -> URL? {
        let include = packageRoot.appendingPathComponent("Sources/\(target)/include", isDirectory: true)
        return FileManager.default.fileExists(atPath: include.path) ? include : nil
    }
}

/// Failures of the probe itself (not of a case).
enum ProbeError: Error, CustomStringConvertible {
    case missingBuildProducts(target: String, directory: String)
    case compilerLaunchFailed(String)

    var description: String {
        switch self {
        case .missingBuildProducts(let target, let directory):
            "no object files for target '\(target)' in \(directory); build the package first (swift build) or set ISOLATION_PROBE_BUILD_DIR"
        case .compilerLaunchFailed(let reason):
            "could not run swiftc: \(reason) (set ISOLATION_PROBE_SWIFTC to its path)"
        }
    }
}
