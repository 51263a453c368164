import ArgumentParser
import IsolationCatalog
import ProbeSupport

/// `isolation-probe explain <case>`: what a case does, what each
/// configuration is expected to show, why, and the fix.
///
/// ```
/// isolation-probe explain sending-noncopyable-box
/// ```
struct ExplainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain one case: expectations per configuration, why, and the fix."
    )

    @Argument(help: "A case id or catalog entry (e.g. 1, 8b, unchecked-box).")
    var name: String

    @OptionGroup var catalogOptions: CatalogOptions

    func run() async throws {
        let catalog = try catalogOptions.loadCatalog()
        let selected = try catalogOptions.resolve([name], in: catalog)
        switch catalogOptions.format {
        case .text:
            print(try selected.map { try ProbeTextReport.explain($0) }.joined(separator: "\n"), terminator: "")
        case .json:
            print(ReportJSON.encode(selected.map(\.manifest)), terminator: "")
        }
    }
}
