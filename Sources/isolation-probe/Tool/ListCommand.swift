import ArgumentParser
import IsolationCatalog
import ProbeSupport

/// `isolation-probe list`: the catalog, without compiling anything.
///
/// ```
/// isolation-probe list --format json
/// ```
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the cases with their primary configuration and expectation."
    )

    @OptionGroup var catalogOptions: CatalogOptions

    func run() async throws {
        let catalog = try catalogOptions.loadCatalog()
        switch catalogOptions.format {
        case .text: print(ProbeTextReport.list(catalog.cases), terminator: "")
        case .json: print(ReportJSON.encode(catalog.cases.map(\.manifest)), terminator: "")
        }
    }
}
