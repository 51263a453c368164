import ArgumentParser
import Foundation
import IsolationCatalog
import ProbeCommandLine
import ProbeSupport

/// Options shared by the commands that load the catalog.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: "Folder holding case folders to use instead of the catalog built into the probe.")
    var casesDir: String?

    @Option(name: .long, help: "Report format: text or json.")
    var format: TextOrJSONFormat = .text

    @Option(name: .long, help: "Cache folder (default: $ISOLATION_PROBE_CACHE_DIR, else $XDG_CACHE_HOME/isolation-probe, else ~/.cache/isolation-probe).")
    var cacheDir: String?

    func validate() throws {
        if cacheDir?.isEmpty == true { throw ValidationError("--cache-dir needs a folder; an empty path would mean the current directory") }
    }

    var cacheDirectory: URL {
        cacheDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Toolchain.defaultCacheDirectory()
    }

    func loadCatalog() throws -> CaseCatalog {
        do {
            if let casesDir {
                return try CaseCatalog.load(from: URL(fileURLWithPath: casesDir, isDirectory: true))
            }
            return try CaseCatalog.embedded(in: cacheDirectory)
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

    @Flag(name: .long, help: "Recompile every case instead of using the cache.")
    var noCache = false

    @Flag(name: .long, help: "Do not rerun isolation traps in legacy mode to find the offending line.")
    var noLegacyRerun = false

    @Flag(name: .long, help: "No progress lines on stderr.")
    var quiet = false

    @Option(name: .long, help: "Keep the standard error of each run that did not end clean (the crash text classified) in this folder, as <case>-<configuration>.txt, for `isolation-probe triage` or an issue.")
    var keepCrashText: String?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
        if let timeout, !(timeout > 0 && timeout <= ProbeEngine.longestTimeoutSeconds) {
            throw ValidationError("--timeout must be a positive number of seconds, at most \(Int(ProbeEngine.longestTimeoutSeconds)) (got \(timeout))")
        }
        if maxOutputBytes < 1 { throw ValidationError("--max-output-bytes must be positive (got \(maxOutputBytes))") }
    }

    func makeEngine(cacheDirectory: URL) throws -> ProbeEngine {
        var options = ProbeEngine.Options()
        if let keepCrashText {
            do { options.keepCrashText = try CrashTextFolder(path: keepCrashText) } catch { throw ValidationError(error.description) }
        }
        if let jobs { options.jobs = jobs }
        options.timeoutOverride = timeout
        options.maxOutputBytes = maxOutputBytes
        options.useCache = !noCache
        options.legacyRerun = !noLegacyRerun
        let toolchain = Toolchain.discover(cacheDirectory: cacheDirectory)
        return ProbeEngine(toolchain: toolchain, options: options, progress: ProbeProgress(enabled: !quiet))
    }
}

/// Prints `text` to stdout and exits 1 when an observation was not as expected.
func finishProbeReport(_ observations: [Observation], text: String, format: TextOrJSONFormat) throws {
    switch format {
    case .text: print(text, terminator: "")
    case .json: print(ReportJSON.encode(ProbeJSONReport(observations)), terminator: "")
    }
    if observations.contains(where: { $0.matches == false }) {
        throw ExitCode(1)
    }
}
