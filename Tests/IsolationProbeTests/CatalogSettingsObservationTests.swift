import Foundation
import Testing
import TestSupport
@testable import IsolationCatalog

/// End to end: every build-settings column a shipped case declares behaves
/// as its manifest says on this toolchain, and the dimension shows a shape
/// flipping as the settings change (what `isolation-probe matrix` prints
/// after its table).
@Suite("The shipped catalog's build-settings columns on this machine", .tags(.slow), .skippedInFastTier)
struct CatalogSettingsObservationTests {
    @Test("every declared settings column matches its expectation, and some case flips between clean and trap")
    func settingsColumnsMatch() async throws {
        let catalog = try TestCatalog.shipped()
        let work = catalog.cases.flatMap { probeCase in probeCase.manifest.settingsColumns.map { (probeCase, $0) } }
        // The loops below pass vacuously on an empty list.
        #expect(work.count >= 10)
        let engine = ProbeEngine(toolchain: TestCatalog.toolchain, options: .init())
        let observations = try await engine.observe(work)
        for observation in observations {
            #expect(observation.matches == true,
                    "\(observation.caseID) [\(observation.configuration.id)]: expected \(observation.expected?.description ?? "-"), observed \(observation.observedSummary): \(observation.evidence + observation.errors)")
        }
        // A flip: one program, clean under some settings and trapping under others.
        let flipping = Dictionary(grouping: observations, by: \.caseID).filter { _, rows in
            rows.contains { $0.outcome == .clean } && rows.contains { $0.outcome == .isolationTrap }
        }
        #expect(flipping.count >= 3, "cases that flip: \(flipping.keys.sorted())")
    }
}
