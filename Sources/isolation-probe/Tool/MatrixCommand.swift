import ArgumentParser
import Foundation
import IsolationCatalog

/// `isolation-probe matrix [case…]`: every case in all six configurations,
/// as one table.
///
/// ```
/// isolation-probe matrix
/// isolation-probe matrix 4 9a --format json
/// ```
struct MatrixCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Compile and run cases under -swift-version 5, 5 -strict-concurrency=complete and 6, each with and without -enable-actor-data-race-checks."
    )

    @Argument(help: "Case ids, catalog entries or numbers. Default: every case.")
    var cases: [String] = []

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var engineOptions: EngineOptions

    func run() async throws {
        let catalog = try catalogOptions.loadCatalog()
        let selected = try catalogOptions.resolve(cases, in: catalog)
        let engine = try engineOptions.makeEngine(cacheDirectory: catalogOptions.cacheDirectory)
        let work = selected.flatMap { probeCase in BuildConfiguration.all.map { (probeCase, $0) } }
        let clock = ContinuousClock()
        let start = clock.now
        let observations = try await engine.observe(work)
        await engine.progress.note("isolation-probe: done in \(Classifier.format(clock.now - start))")
        try finishProbeReport(observations, text: ProbeTextReport.matrix(observations, cases: selected), format: catalogOptions.format)
    }
}
