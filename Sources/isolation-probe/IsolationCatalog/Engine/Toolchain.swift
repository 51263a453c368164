import Foundation
import ProbeProcess

/// Where the probe finds the compilers and where it caches what it builds.
///
/// Nothing here depends on where the probe's own sources were: an installed
/// binary carries its catalog and library sources (``EmbeddedSources``) and
/// builds into the user's cache directory.
///
/// ```swift
/// let toolchain = Toolchain.discover()
/// toolchain.cacheDirectory  // ~/.cache/isolation-probe
/// ```
package struct Toolchain: Sendable {
    /// `swiftc`, or the value of `ISOLATION_PROBE_SWIFTC`.
    package var swiftc: String
    /// `clang` next to `swiftc` (the toolchain's own), else `clang` in PATH;
    /// compiles the C modules that cases 9a/9b link.
    package var clang: String
    /// Root of everything the probe caches: `--cache-dir`, else
    /// `ISOLATION_PROBE_CACHE_DIR`, else `$XDG_CACHE_HOME/isolation-probe`,
    /// else `~/.cache/isolation-probe`.
    package var cacheDirectory: URL

    package init(swiftc: String, clang: String, cacheDirectory: URL) {
        self.swiftc = swiftc
        self.clang = clang
        self.cacheDirectory = cacheDirectory
    }

    /// The user's cache directory for the probe, from `environment`.
    ///
    /// ```swift
    /// Toolchain.defaultCacheDirectory(["HOME": "/home/me"]).path  // "/home/me/.cache/isolation-probe"
    /// ```
    package static func defaultCacheDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        func nonEmpty(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        if let explicit = nonEmpty("ISOLATION_PROBE_CACHE_DIR") {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        // XDG says a relative XDG_CACHE_HOME is invalid and must be ignored.
        if let xdg = nonEmpty("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("isolation-probe", isDirectory: true)
        }
        let home = nonEmpty("HOME") ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".cache/isolation-probe", isDirectory: true)
    }

    package static func discover(cacheDirectory: URL? = nil) -> Toolchain {
        let environment = ProcessInfo.processInfo.environment
        let swiftc = environment["ISOLATION_PROBE_SWIFTC"].flatMap { $0.isEmpty ? nil : $0 } ?? "swiftc"
        var clang = "clang"
        if let resolved = try? ChildProcess.resolve(swiftc) {
            let sibling = URL(fileURLWithPath: resolved).resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("clang")
            if FileManager.default.isExecutableFile(atPath: sibling.path) { clang = sibling.path }
        }
        return Toolchain(
            swiftc: swiftc, clang: clang,
            cacheDirectory: cacheDirectory ?? defaultCacheDirectory(environment))
    }
}

/// Failures of the probe itself (not of a case).
package enum ProbeError: Error, CustomStringConvertible {
    case compilerLaunchFailed(String)
    /// The compiler ran but gave no verdict on the code (killed, out of
    /// time, unable to write, a damaged toolchain); nothing was cached.
    case compilerFailed(command: String, reason: String, output: String)
    case libraryBuildFailed(library: String, command: String, output: String)
    case cacheUnwritable(path: String, reason: String)

    package var description: String {
        switch self {
        case .compilerLaunchFailed(let reason):
            "could not run swiftc: \(reason) (set ISOLATION_PROBE_SWIFTC to its path)"
        case .compilerFailed(let command, let reason, let output):
            "swiftc failed for a reason other than the code, so nothing was cached: \(reason)\n  \(command)\n\(output)"
        case .libraryBuildFailed(let library, let command, let output):
            "could not build \(library) from the sources this probe carries:\n  \(command)\n\(output)"
        case .cacheUnwritable(let path, let reason):
            "cannot write the probe's cache at \(path): \(reason) (pass --cache-dir or set ISOLATION_PROBE_CACHE_DIR)"
        }
    }
}
