import ArgumentParser
import Foundation
import IsolationCatalog

/// `isolation-probe run [case…]`: compile and run cases, classify, compare
/// with expectations, and print every observation in full.
///
/// ```
/// isolation-probe run                      # every case, primary configuration
/// isolation-probe run 8 unchecked-box --configuration 6
/// ```
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run cases (default: all) in their primary configuration and report each outcome in full."
    )

    @OptionGroup var selection: CaseRunOptions

    func run() async throws {
        let (observations, catalog) = try await selection.observe()
        try finishProbeReport(
            observations, text: ProbeTextReport.run(observations, catalog: catalog), format: selection.catalogOptions.format)
    }
}

/// `isolation-probe` with no command: runs what `run` runs and prints a
/// one-screen summary (the cases by outcome, the summary line, what to run
/// next); `--verbose` prints `run`'s full report instead. The exit status is
/// `run`'s: 1 when anything was not as expected.
///
/// ```
/// isolation-probe                # summary
/// isolation-probe --verbose      # the full report
/// ```
struct SummaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "The default: run every case (or those named) and print a one-screen summary; --verbose or `run` for the full report."
    )

    @OptionGroup var selection: CaseRunOptions

    @Flag(name: .shortAndLong, help: "Print the full report, as `run` does.")
    var verbose = false

    func run() async throws {
        let (observations, catalog) = try await selection.observe()
        let text = verbose ? ProbeTextReport.run(observations, catalog: catalog) : ProbeTextReport.overview(observations)
        try finishProbeReport(observations, text: text, format: selection.catalogOptions.format)
    }
}

/// What `run` and the default summary share: which cases, in which
/// configuration, and how to compile and run them.
struct CaseRunOptions: ParsableArguments {
    @Argument(help: "Case ids, catalog entries (8b) or catalog numbers (8). Default: every case.")
    var cases: [String] = []

    @Option(name: .long, help: "Run in this configuration instead of each case's primary one: \(BuildConfiguration.allIDs), or a build-settings column such as 6@DM.")
    var configuration: String?

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var engineOptions: EngineOptions

    func validate() throws {
        if let configuration, let problem = BuildConfiguration.idProblem(configuration) {
            throw ValidationError(problem)
        }
    }

    /// Compiles and runs the selected cases, with progress on stderr.
    func observe() async throws -> ([Observation], CaseCatalog) {
        let catalog = try catalogOptions.loadCatalog()
        let selected = try catalogOptions.resolve(cases, in: catalog)
        let override = configuration.flatMap(BuildConfiguration.init(id:))
        let engine = try engineOptions.makeEngine(cacheDirectory: catalogOptions.cacheDirectory)
        let clock = ContinuousClock()
        let start = clock.now
        let observations = try await engine.observe(selected.map { ($0, override ?? $0.manifest.primary) })
        await engine.progress.note("isolation-probe: done in \(Classifier.format(clock.now - start))")
        return (observations, catalog)
    }
}
