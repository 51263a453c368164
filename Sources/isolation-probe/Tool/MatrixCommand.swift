import ArgumentParser
import Foundation
import IsolationCatalog

/// `isolation-probe matrix [case…]`: every case in all six configurations,
/// as one table, then the build-settings columns the cases declare (or
/// those asked for with `--settings`), case by case.
///
/// ```
/// isolation-probe matrix
/// isolation-probe matrix 4 9a --format json
/// isolation-probe matrix 19a 21a --settings 6@plain,6@NN,6@DM+NN
/// isolation-probe matrix --settings none
/// ```
struct MatrixCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Compile and run cases under -swift-version 5, 5 -strict-concurrency=complete and 6, each with and without -enable-actor-data-race-checks.",
        discussion: """
            Then the build-settings dimension: the same program built with other Swift 6.2 settings. \
            A column is a configuration, @, and settings joined by +: plain (none), DM \
            (-default-isolation MainActor), NN (NonisolatedNonsendingByDefault), IIC \
            (InferIsolatedConformances), Module=5 or Module=6 (a module of the case in that language \
            mode). A column replaces the case's own settings flags: 6+checks@DM+IIC, 6@DM+LegacyScheduler=6.
            By default each case runs the columns its case.json states expectations for; --settings none \
            skips them, and --settings with column ids runs those for the chosen cases (unjudged where \
            the case states no expectation; a column naming a module runs only for cases that have it).
            """
    )

    @Argument(help: "Case ids, catalog entries or numbers. Default: every case.")
    var cases: [String] = []

    @Option(help: "Build-settings columns: declared (each case's own, the default), none, or ids such as 6@plain,6@DM+NN.")
    var settings: String = "declared"

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var engineOptions: EngineOptions

    /// The `--settings` ids, parsed; nil for `declared`.
    func requestedColumns() throws -> [BuildConfiguration]? {
        switch settings {
        case "declared": return nil
        case "none": return []
        default:
            return try settings.split(separator: ",", omittingEmptySubsequences: false).map { id in
                let id = String(id).trimmingCharacters(in: .whitespaces)
                guard let column = BuildConfiguration(id: id), column.settings != nil else {
                    let problem = BuildConfiguration.idProblem(id) ?? "'\(id)' has no settings: write it with @ (\(id)@plain)"
                    throw ValidationError("--settings: \(problem)")
                }
                return column
            }
        }
    }

    func validate() throws { _ = try requestedColumns() }

    func run() async throws {
        let catalog = try catalogOptions.loadCatalog()
        let selected = try catalogOptions.resolve(cases, in: catalog)
        let requested = try requestedColumns()
        let columns: (ProbeCase) -> [BuildConfiguration] = { probeCase in
            guard let requested else { return probeCase.manifest.settingsColumns }
            let modules = Set((probeCase.manifest.modules ?? []).map(\.name))
            return requested.filter { Set($0.settings!.moduleModes.keys).isSubset(of: modules) }
        }
        if let requested, !requested.isEmpty, !selected.contains(where: { !columns($0).isEmpty }) {
            throw ValidationError("--settings: no chosen case has the modules the columns name")
        }
        let engine = try engineOptions.makeEngine(cacheDirectory: catalogOptions.cacheDirectory)
        let work = selected.flatMap { probeCase in (BuildConfiguration.all + columns(probeCase)).map { (probeCase, $0) } }
        let clock = ContinuousClock()
        let start = clock.now
        let observations = try await engine.observe(work)
        await engine.progress.note("isolation-probe: done in \(Classifier.format(clock.now - start))")
        try finishProbeReport(observations, text: ProbeTextReport.matrix(observations, cases: selected), format: catalogOptions.format)
    }
}
