import ArgumentParser
import Foundation

/// Writes a rendered report to the file `--output` names; a file that
/// cannot be written is a usage error that names it.
func writeReport(_ rendered: String, toFile path: String) throws {
    do {
        try rendered.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        throw ValidationError("cannot write \(path): \(error.localizedDescription)")
    }
}

/// Report formats.
enum ProbeFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json
}

/// Options shared by the commands that load the catalog.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: "Folder holding the case folders (default: Sources/isolation-probe/Cases of this checkout).")
    var casesDir: String?

    @Option(name: .long, help: "Report format: text or json.")
    var format: ProbeFormat = .text

    func loadCatalog() throws -> CaseCatalog {
        let directory = casesDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? CaseCatalog.defaultDirectory
        do {
            return try CaseCatalog.load(from: directory)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Resolves names, turning an unknown id into a usage error (exit 2).
    func resolve(_ names: [String], in catalog: CaseCatalog) throws -> [ProbeCase] {
        do {
            return try catalog.resolve(names)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// Options for commands that compile and run cases.
struct EngineOptions: ParsableArguments {
    @Option(name: .long, help: "Parallel compile-and-run jobs (default: number of cores).")
    var jobs: Int?

    @Option(name: .long, help: "Seconds before a case is killed and reported as timeout (default: the case's own, else 20).")
    var timeout: Double?

    @Option(name: .long, help: "Bytes of output after which a case is killed and reported as flood.")
    var maxOutputBytes: Int = 1 << 20

    @Option(name: .long, help: "Compile cache folder (default: .build/isolation-probe-cache in the checkout).")
    var cacheDir: String?

    @Flag(name: .long, help: "Recompile every case instead of using the cache.")
    var noCache = false

    @Flag(name: .long, help: "Do not rerun isolation traps in legacy mode to find the offending line.")
    var noLegacyRerun = false

    @Flag(name: .long, help: "No progress lines on stderr.")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be a positive number of seconds (got \(timeout))") }
        if maxOutputBytes < 1 { throw ValidationError("--max-output-bytes must be positive (got \(maxOutputBytes))") }
    }

    func makeEngine() -> ProbeEngine {
        var options = ProbeEngine.Options()
        if let jobs { options.jobs = jobs }
        options.timeoutOverride = timeout
        options.maxOutputBytes = maxOutputBytes
        options.useCache = !noCache
        options.legacyRerun = !noLegacyRerun
        let toolchain = Toolchain.discover(cacheDirectory: cacheDir.map { URL(fileURLWithPath: $0, isDirectory: true) })
        return ProbeEngine(toolchain: toolchain, options: options, progress: ProbeProgress(enabled: !quiet))
    }
}

/// Prints `text` to stdout and exits 1 when an observation was not as expected.
func finishProbeReport(_ observations: [Observation], text: String, format: ProbeFormat) throws {
    switch format {
    case .text: print(text, terminator: "")
    case .json: print(try ProbeJSONReport.render(ProbeJSONReport(observations)))
    }
    if observations.contains(where: { $0.matches == false }) {
        throw ExitCode(1)
    }
}
