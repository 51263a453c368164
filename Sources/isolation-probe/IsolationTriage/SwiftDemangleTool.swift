import Foundation

/// Demangles with the toolchain's `swift demangle`, found on `PATH`, in one
/// run for all names (`--simplified --compact`, one name per line in and out).
///
/// When `swift` is not on `PATH` or the run fails, names stay mangled and
/// the answer's note says so; triage goes on either way.
///
/// ```swift
/// let names = SwiftDemangleTool().demangle(["$s4Prog4HostCACycfcySScfU_"]).names
/// // ["$s4Prog4HostCACycfcySScfU_": "closure #1 in Host.init()"]
/// ```
public struct SwiftDemangleTool: Demangler {
    /// The `PATH` to search; the process's own by default.
    public var searchPath: String

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
        searchPath.split(separator: ":").lazy
            .map { String($0) + "/swift" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public func demangle(_ names: [String]) -> DemangledNames {
        guard !names.isEmpty else { return DemangledNames(names: [:]) }
        guard let swift = swiftExecutable() else {
            return DemangledNames(names: [:], note: "swift is not on PATH: \(names.count) name(s) left mangled")
        }
        do {
            let output = try run(swift, arguments: ["demangle", "--simplified", "--compact"], input: names)
            guard output.count == names.count else {
                return DemangledNames(names: [:], note: "swift demangle answered \(output.count) line(s) for \(names.count) name(s): names left mangled")
            }
            var result: [String: String] = [:]
            for (name, readable) in zip(names, output) where !readable.isEmpty && readable != name {
                result[name] = readable
            }
            return DemangledNames(names: result)
        } catch {
            return DemangledNames(names: [:], note: "swift demangle failed (\(error)): names left mangled")
        }
    }

    struct RunFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `input` (one item per line) on standard input
    /// from a temporary file, so a large input and output cannot block each
    /// other in pipes, and returns standard output's lines.
    private func run(_ executable: String, arguments: [String], input: [String]) throws -> [String] {
        let inputFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("isolation-triage-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).txt")
        try (input.joined(separator: "\n") + "\n").write(to: inputFile, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw RunFailure(description: "exit status \(process.terminationStatus)")
        }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
