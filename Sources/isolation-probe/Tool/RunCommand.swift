import ArgumentParser
import Foundation
import IsolationCatalog

/// `isolation-probe run [case…]`: compile and run cases, classify, compare
/// with expectations. The default command.
///
/// ```
/// isolation-probe run                      # every case, primary configuration
/// isolation-probe run 8 unchecked-box --configuration 6
/// ```
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run cases (default: all) in their primary configuration and report each outcome."
    )

    @Argument(help: "Case ids, catalog entries (8b) or catalog numbers (8). Default: every case.")
    var cases: [String] = []

    @Option(name: .long, help: "Run in this configuration instead of each case's primary one: \(BuildConfiguration.allIDs).")
    var configuration: String?

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var engineOptions: EngineOptions

    func validate() throws {
        if let configuration, BuildConfiguration(id: configuration) == nil {
            throw ValidationError("unknown configuration '\(configuration)'; known: \(BuildConfiguration.allIDs)")
        }
    }

    func run() async throws {
        let catalog = try catalogOptions.loadCatalog()
        let selected = try catalogOptions.resolve(cases, in: catalog)
        let override = configuration.flatMap(BuildConfiguration.init(id:))
        let engine = try engineOptions.makeEngine(cacheDirectory: catalogOptions.cacheDirectory)
        let clock = ContinuousClock()
        let start = clock.now
        let observations = try await engine.observe(selected.map { ($0, override ?? $0.manifest.primary) })
        await engine.progress.note("isolation-probe: done in \(Classifier.format(clock.now - start))")
        try finishProbeReport(observations, text: ProbeTextReport.run(observations, catalog: catalog), format: catalogOptions.format)
    }
}
