import Foundation
import ProbeProcess

/// Demangles with the toolchain's `swift demangle`, found on `PATH`, in one
/// run for all names (`--simplified --compact NAME…`, one name per output line).
///
/// When `swift` is not on `PATH` or the run fails, names stay mangled and
/// the answer's note says so; triage goes on either way.
///
/// ```swift
/// let names = await SwiftDemangleTool().demangle(["$s4Prog4HostCACycfcySScfU_"]).names
/// // ["$s4Prog4HostCACycfcySScfU_": "closure #1 in Host.init()"]
/// ```
public struct SwiftDemangleTool: Demangler {
    /// The `PATH` to search; the process's own by default.
    public var searchPath: String
    /// Names per run: far below any system's argument-size limit, and above
    /// what one report holds, so a report is one run.
    static let namesPerRun = 2_000

    /// Creates the demangler.
    ///
    /// ```swift
    /// SwiftDemangleTool(searchPath: "/opt/swift/usr/bin")
    /// ```
    public init(searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "") {
        self.searchPath = searchPath
    }

    /// The `swift` executable on the search path, if any.
    ///
    /// ```swift
    /// SwiftDemangleTool().swiftExecutable()   // "/opt/swift/usr/bin/swift"
    /// ```
    public func swiftExecutable() -> String? {
        try? ChildProcess.resolve("swift", searchPath: searchPath)
    }

    public func demangle(_ names: [String]) async -> DemangledNames {
        guard !names.isEmpty else { return DemangledNames(names: [:]) }
        guard let swift = swiftExecutable() else {
            return DemangledNames(names: [:], note: "swift is not on PATH: \(names.count) name(s) left mangled")
        }
        var result: [String: String] = [:]
        for start in stride(from: 0, to: names.count, by: Self.namesPerRun) {
            let batch = Array(names[start..<min(start + Self.namesPerRun, names.count)])
            let run: ChildProcess.Result
            do {
                run = try await ChildProcess.run(
                    executable: swift, arguments: ["demangle", "--simplified", "--compact"] + batch,
                    limits: .init(timeout: .seconds(60), maxOutputBytes: 16 << 20)
                )
            } catch {
                return DemangledNames(names: result, note: "swift demangle could not start (\(error)): names left mangled")
            }
            guard run.termination == .exited(0), !run.timedOut, !run.flooded else {
                return DemangledNames(names: result, note: "swift demangle failed (\(run.termination)): names left mangled")
            }
            var lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            guard lines.count == batch.count else {
                return DemangledNames(names: result, note: "swift demangle answered \(lines.count) line(s) for \(batch.count) name(s): names left mangled")
            }
            for (name, readable) in zip(batch, lines) where !readable.isEmpty && readable != name {
                result[name] = readable
            }
        }
        return DemangledNames(names: result)
    }
}
