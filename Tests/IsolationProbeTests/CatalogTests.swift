import Foundation
import Testing
@testable import IsolationCatalog

@Suite("The shipped case catalog")
struct CatalogTests {
    @Test("every case loads and states an expectation for all six configurations")
    func everyCaseIsComplete() throws {
        let catalog = try TestCatalog.shipped()
        // Every case folder in the source tree (Sources/isolation-probe/IsolationCatalog/Cases) is
        // shipped: one missing means the embedder or the loader dropped it.
        let sourceCases = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/isolation-probe/IsolationCatalog/Cases")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sourceCases.path)
            .filter { FileManager.default.fileExists(atPath: sourceCases.appendingPathComponent("\($0)/case.json").path) }
        #expect(folders.count >= 41)
        #expect(catalog.cases.count == folders.count)
        for probeCase in catalog.cases {
            for configuration in BuildConfiguration.all {
                #expect(probeCase.manifest.expectation(for: configuration) != nil,
                        "\(probeCase.id) states nothing for \(configuration.id)")
            }
            #expect(!(try probeCase.sourceFiles()).isEmpty, "\(probeCase.id) has no sources")
            #expect(probeCase.manifest.explanation.count > 100, "\(probeCase.id): explanation is not a paragraph")
        }
    }

    @Test("catalog ids select cases: a number selects its lettered entries, and 1 does not select 10a")
    func resolution() throws {
        let catalog = try TestCatalog.shipped()
        #expect(try catalog.resolve(["8"]).map(\.manifest.catalog) == ["8a", "8b", "8c"])
        #expect(try catalog.resolve(["1"]).map(\.id) == ["unchecked-box"])
        #expect(try catalog.resolve(["9a", "unchecked-box", "1"]).map(\.id) == ["unchecked-box", "safebox-refuses"])
        #expect(try catalog.resolve([]).count == catalog.cases.count)
        #expect(throws: CatalogError.self) { try catalog.resolve(["no-such-case"]) }
    }

    @Test("configuration ids round-trip and map to the documented swiftc flags")
    func configurations() {
        #expect(BuildConfiguration.all.map(\.id) == ["5", "5+checks", "5-strict", "5-strict+checks", "6", "6+checks"])
        #expect(BuildConfiguration(id: "5-strict+checks")?.swiftcFlags
                == ["-swift-version", "5", "-strict-concurrency=complete", "-enable-actor-data-race-checks"])
        #expect(BuildConfiguration(id: "7") == nil)
    }

    @Test("expectations parse the +warning suffix and reject unknown outcomes")
    func expectations() throws {
        let expectation = try Expectation(parsing: "isolation-trap+warning")
        #expect(expectation.outcome == .isolationTrap)
        #expect(expectation.warns)
        #expect(try Expectation(parsing: "clean").warns == false)
        #expect(throws: Expectation.ParseError.self) { try Expectation(parsing: "crashes") }
    }

    @Test("a manifest without an expectation for its primary configuration is rejected")
    func manifestValidation() throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        try temporary.add(folder: "01-x", id: "x", catalog: "1", expect: ["5": "clean"], primary: "6",
                          program: TestPrograms.exitsCleanly)
        #expect(throws: CatalogError.self) { try temporary.load() }
    }
}
