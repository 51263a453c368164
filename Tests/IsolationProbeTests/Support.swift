import Foundation
@testable import IsolationCatalog
@testable import ProbeProcess

/// Writes throwaway cases into a temporary folder, so tests can exercise the
/// probe on programs that hang, flood or crash for reasons unrelated to
/// isolation, without adding them to the shipped catalog.
struct TemporaryCatalog {
    let directory: URL
    let cacheDirectory: URL

    init() throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("isolation-probe-tests-\(UUID().uuidString)", isDirectory: true)
        directory = base.appendingPathComponent("Cases", isDirectory: true)
        cacheDirectory = base.appendingPathComponent("cache", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Adds a case folder with one program file and a manifest.
    func add(
        folder: String,
        id: String,
        catalog: String,
        expect: [String: String],
        primary: String = "6",
        timeoutSeconds: Double? = nil,
        program: String
    ) throws {
        let caseDirectory = directory.appendingPathComponent(folder, isDirectory: true)
        try FileManager.default.createDirectory(at: caseDirectory, withIntermediateDirectories: true)
        try Data(program.utf8).write(to: caseDirectory.appendingPathComponent("Program.swift"))
        var manifest: [String: Any] = [
            "id": id, "catalog": catalog, "title": "test case \(id)", "primary": primary,
            "expect": expect, "explanation": "test", "fix": "test",
        ]
        if let timeoutSeconds { manifest["timeoutSeconds"] = timeoutSeconds }
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted])
        try data.write(to: caseDirectory.appendingPathComponent("case.json"))
    }

    func load() throws -> CaseCatalog {
        try CaseCatalog.load(from: directory)
    }

    func engine(timeout: Double? = nil, maxOutputBytes: Int = 1 << 20) -> ProbeEngine {
        var options = ProbeEngine.Options()
        options.timeoutOverride = timeout
        options.maxOutputBytes = maxOutputBytes
        return ProbeEngine(toolchain: Toolchain.discover(cacheDirectory: cacheDirectory), options: options)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory.deletingLastPathComponent())
    }
}

/// The catalog the probe carries, written out into one cache shared by the
/// test runs (so the embedded copy, not the source tree, is what is tested).
enum TestCatalog {
    static let cacheDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("isolation-probe-tests-cache", isDirectory: true)

    static var toolchain: Toolchain { Toolchain.discover(cacheDirectory: cacheDirectory) }

    static func shipped() throws -> CaseCatalog {
        try CaseCatalog.embedded(in: cacheDirectory)
    }

    static func shippedDirectory() throws -> URL {
        try shipped().directory
    }
}

/// The `isolation-probe` executable `swift test` built beside the tests, run
/// the way users run it.
enum ProbeBinary {
    static var path: String { sibling("isolation-probe") }

    /// Another executable `swift test` built beside the tests, such as `isolation-lint`.
    static func sibling(_ name: String) -> String {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent(name).path
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            executable: path, arguments: arguments,
            environment: ["ISOLATION_PROBE_CACHE_DIR": TestCatalog.cacheDirectory.path].merging(environment) { $1 },
            limits: .init(timeout: .seconds(600), maxOutputBytes: 8 << 20))
    }

    /// The exit status of one run; a run killed by a signal counts as 128 + signal.
    static func exitStatus(_ arguments: [String]) async -> Int32 {
        guard let result = try? await run(arguments) else { return -1 }
        return result.termination.shellStatus
    }
}

/// Programs for the throwaway cases.
enum TestPrograms {
    static let hangs = """
        import Dispatch
        @main enum Program {
            static func main() {
                print("about to wait forever")
                DispatchSemaphore(value: 0).wait()
            }
        }
        """

    static let floods = """
        @main enum Program {
            static func main() {
                let line = String(repeating: "x", count: 200)
                while true { print(line) }
            }
        }
        """

    /// A crash that is not about isolation: unwrapping nil. It also dies
    /// with SIGILL on Linux, so the classifier must look past the signal.
    static let unwrapsNil = """
        @main enum Program {
            static func main() {
                let missing: Int? = CommandLine.arguments.count > 100 ? 1 : nil
                print(missing!)
            }
        }
        """

    static let exitsCleanly = """
        @main enum Program {
            static func main() { print("probe-note: all good") }
        }
        """

    static let doesNotCompile = """
        @main enum Program {
            static func main() { let x: Int = "not a number"; print(x) }
        }
        """
}
