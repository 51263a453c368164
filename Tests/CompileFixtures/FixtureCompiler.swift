import Foundation

/// Compiles fixture snippets against the modules `swift build` produced for
/// this package, the way an adopter's compiler would see them.
///
/// Snippets are compiled with `-emit-sil`, not `-typecheck`: region
/// isolation (`sending`) and ownership diagnostics come from SIL passes that
/// `-typecheck` never runs.
public struct FixtureCompiler: Sendable {
    /// A diagnostic parsed from the compiler's output.
    public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let severity: String
        public let message: String
        public var description: String { "\(line):\(column): \(severity): \(message)" }
    }

    /// What one compilation produced.
    public struct Verdict: Sendable {
        public let exitStatus: Int32
        public let diagnostics: [Diagnostic]
        public let output: String
        public var errors: [Diagnostic] { diagnostics.filter { $0.severity == "error" } }
    }

    public let swiftc: URL
    public let modulesDirectory: URL
    public let includeDirectories: [URL]

    /// Locates `swiftc` on `PATH`, the `Modules` folder next to the running
    /// test binary, and the package's C include folders.
    public init(packageRoot: URL = FixtureCompiler.packageRoot()) throws(FixtureCompilerError) {
        guard let swiftc = Self.findOnPath("swiftc") else { throw .swiftcNotFound }
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let modules = binary.deletingLastPathComponent().appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("SafeBox.swiftmodule").path) else {
            throw .modulesNotFound(searched: modules.path)
        }
        self.swiftc = swiftc
        self.modulesDirectory = modules
        self.includeDirectories = [packageRoot.appendingPathComponent("Sources/CPThreadShim/include")]
    }

    /// The package root, derived from this file's location in `Tests/CompileFixtures`.
    public static func packageRoot(file: StaticString = #filePath) -> URL {
        URL(fileURLWithPath: "\(file)")
            .deletingLastPathComponent()  // CompileFixtures
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
    }

    /// Compiles `source` in Swift 6 mode, as a library file or, with
    /// `asLibrary: false`, as a program's main file (top-level statements
    /// allowed, as documentation examples use them).
    public func compile(
        _ source: String,
        named fileName: String,
        asLibrary: Bool = true,
        extraArguments: [String] = []
    ) throws -> Verdict {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("safebox-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(fileName)
        try source.write(to: file, atomically: true, encoding: .utf8)

        var arguments = [
            "-swift-version", "6", "-emit-sil", "-o", "/dev/null",
            "-module-name", "Fixture", "-I", modulesDirectory.path,
        ]
        if asLibrary { arguments.append("-parse-as-library") }
        for include in includeDirectories { arguments += ["-I", include.path] }
        arguments += extraArguments
        arguments.append(file.path)

        let run = try Self.launch(swiftc, arguments, in: directory)
        return Verdict(
            exitStatus: run.status,
            diagnostics: Self.parseDiagnostics(run.output, fileName: fileName),
            output: run.output
        )
    }

    /// How a launched tool ended, and what it printed (stdout and stderr together).
    public struct Run: Sendable {
        public let status: Int32
        public let reason: Process.TerminationReason
        public let output: String
    }

    /// Runs `tool` in `directory` to completion, with `environment` added to
    /// this process's, and captures its combined output.
    public static func launch(
        _ tool: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, reason: process.terminationReason,
            output: String(decoding: data, as: UTF8.self))
    }

    /// Parses `FILE:LINE:COL: severity: message` lines for `fileName`.
    static func parseDiagnostics(_ output: String, fileName: String) -> [Diagnostic] {
        let pattern = #/^(?:.*/)?(?<file>[^/:]+):(?<line>\d+):(?<column>\d+): (?<severity>error|warning|note): (?<message>.*)$/#
        return output.split(separator: "\n").compactMap { line -> Diagnostic? in
            guard let match = try? pattern.wholeMatch(in: line), match.file == fileName,
                  let lineNumber = Int(match.line), let column = Int(match.column) else { return nil }
            var message = String(match.message)
            // Drop the diagnostic-group suffix, e.g. " [#SendingRisksDataRace]".
            if let range = message.range(of: #" \[#\w+\]$"#, options: .regularExpression) {
                message.removeSubrange(range)
            }
            return Diagnostic(line: lineNumber, column: column, severity: String(match.severity), message: message)
        }
    }

    static func findOnPath(_ tool: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

public enum FixtureCompilerError: Error, CustomStringConvertible {
    case swiftcNotFound
    case modulesNotFound(searched: String)

    public var description: String {
        switch self {
        case .swiftcNotFound: "swiftc is not on PATH"
        case .modulesNotFound(let searched): "no SafeBox.swiftmodule in \(searched); run the tests through `swift test`"
        }
    }
}

extension Fixture {
    /// The ways `verdict` disagrees with this fixture's expectations; empty
    /// when it matches. `rename` maps expected text for the Mutex variant.
    public func mismatches(
        in verdict: FixtureCompiler.Verdict,
        rename: (String) -> String = { $0 }
    ) -> [String] {
        var problems: [String] = []
        var unmatched = verdict.errors
        for expectation in expectedErrors {
            let fragment = rename(expectation.messageFragment)
            if let index = unmatched.firstIndex(where: { $0.line == expectation.line && $0.message.contains(fragment) }) {
                unmatched.remove(at: index)
            } else {
                problems.append("missing expected error at line \(expectation.line) containing \"\(fragment)\"")
            }
        }
        problems += unmatched.map { "unexpected error \($0)" }
        if expectedErrors.isEmpty && verdict.exitStatus != 0 && problems.isEmpty {
            problems.append("compiler exited \(verdict.exitStatus) without a parsed error:\n\(verdict.output)")
        }
        if !expectedErrors.isEmpty && verdict.exitStatus == 0 {
            problems.append("compiled, but errors were expected")
        }
        return problems
    }
}
