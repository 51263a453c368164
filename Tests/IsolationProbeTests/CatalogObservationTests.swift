import Foundation
import Testing
import TestSupport
@testable import IsolationCatalog

/// End to end: the shipped catalog, compiled and run in each case's primary
/// configuration, behaves as its manifests say. This is the same check
/// `swift run isolation-probe` makes, so a toolchain change that alters a
/// behaviour shows up here.
@Suite("The shipped catalog on this machine", .tags(.slow), .skippedInFastTier)
struct CatalogObservationTests {
    @Test("every case's primary observation matches its expectation")
    func primaryObservationsMatch() async throws {
        let catalog = try TestCatalog.shipped()
        let engine = ProbeEngine(toolchain: TestCatalog.toolchain, options: .init())
        let observations = try await engine.observe(catalog.cases.map { ($0, $0.manifest.primary) })
        // The loops below pass vacuously on an empty list: one observation per case.
        #expect(observations.count == catalog.cases.count)
        #expect(Set(observations.map(\.caseID)) == Set(catalog.cases.map(\.id)))
        for observation in observations {
            #expect(observation.matches == true,
                    "\(observation.caseID) [\(observation.configuration.id)]: expected \(observation.expected?.description ?? "-"), observed \(observation.observedSummary): \(observation.evidence + observation.errors)")
        }
        // The README quotes the default summary of this very run.
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"),
            encoding: .utf8)
        #expect(readme.contains("$ swift run isolation-probe 2>/dev/null\n" + ProbeTextReport.overview(observations) + "```"),
                "README.md's summary sample differs from this run's:\n\(ProbeTextReport.overview(observations))")
        // The isolation traps name their offender's source line (and there are some to check).
        #expect(observations.contains { $0.outcome == .isolationTrap })
        // A trap whose crashed thread holds none of the program's frames says so instead of naming a runtime frame.
        for observation in observations where observation.outcome == .isolationTrap {
            if observation.offender == nil {
                #expect(observation.evidence.contains(Classifier.noOwnFrame), "\(observation.caseID): no offender and no reason")
            } else {
                #expect(observation.offenderLocation?.contains(".swift:") == true, "\(observation.caseID): no source line")
            }
        }
        #expect(observations.filter { $0.outcome == .isolationTrap && $0.offender != nil }.count
                >= observations.filter { $0.outcome == .isolationTrap }.count - 1)
    }
}
