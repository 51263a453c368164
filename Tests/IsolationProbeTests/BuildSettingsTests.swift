import Foundation
import Testing
import TestSupport

@testable import IsolationCatalog
@testable import ProbeSupport

/// The matrix's build-settings dimension: column ids, the flags a column
/// builds with, and manifests that declare columns.
@Suite("build-settings columns")
struct BuildSettingsTests {
    @Test("a column id is a configuration, @, and settings; it reads back as written")
    func ids() throws {
        let column = try #require(BuildConfiguration(id: "6+checks@IIC+DM"))
        #expect(column.withoutSettings == BuildConfiguration(id: "6+checks"))
        #expect(column.settings?.programSettings == [.defaultIsolationMainActor, .inferIsolatedConformances])
        #expect(column.id == "6+checks@DM+IIC")
        #expect(BuildConfiguration(id: "6@plain")?.settings == BuildSettings(programSettings: []))
        #expect(BuildConfiguration(id: "5@DM+LegacyScheduler=6")?.settings?.moduleModes == ["LegacyScheduler": "6"])
        #expect(BuildConfiguration(id: "6")?.settings == nil)
        // The six stay the six: no settings column is one of them.
        #expect(!BuildConfiguration.all.contains(column))
        #expect(BuildConfiguration(id: "6@plain")! < BuildConfiguration(id: "6@DM")!)
        #expect(BuildConfiguration(id: "5+checks@DM")! < BuildConfiguration(id: "6@plain")!)
    }

    @Test("a bad column says what is wrong", arguments: [
        ("6@checks", "the checks flag is the configuration's"),
        ("6@XY", "unknown setting 'XY'"),
        ("6@DM+DM", "written twice"),
        ("6@Legacy=7", "Module=5 or Module=6"),
        ("7@DM", "unknown configuration '7@DM'"),
        ("6@", "unknown setting ''"),
    ])
    func badColumns(id: String, problem: String) {
        #expect(BuildConfiguration(id: id) == nil)
        #expect(BuildConfiguration.idProblem(id)?.contains(problem) == true, "\(BuildConfiguration.idProblem(id) ?? "nil")")
    }

    @Test("a column replaces the case's own settings flags and keeps the others; a module's mode replaces its -swift-version")
    func flags() throws {
        let settings = try #require(BuildSettings(label: "NN+LegacyScheduler=6"))
        let own = ["-default-isolation", "MainActor", "-sanitize=thread", "-enable-upcoming-feature", "InferIsolatedConformances",
                   "-enable-upcoming-feature", "ExistentialAny"]
        #expect(settings.programFlags(replacing: own) == [
            "-sanitize=thread", "-enable-upcoming-feature", "ExistentialAny",
            "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
        ])
        #expect(BuildSettings(label: "plain")!.programFlags(replacing: own) == ["-sanitize=thread", "-enable-upcoming-feature", "ExistentialAny"])
        let legacy = CaseManifest.Module(name: "LegacyScheduler", directory: "LegacyScheduler", flags: ["-swift-version", "5", "-g"])
        #expect(settings.moduleFlags(legacy) == ["-g", "-swift-version", "6"])
        let other = CaseManifest.Module(name: "Other", directory: "Other", flags: ["-swift-version", "5"])
        #expect(settings.moduleFlags(other) == ["-swift-version", "5"])
    }

    @Test("a manifest declares its columns in expect; a column naming a module the case lacks is refused")
    func manifests() throws {
        let catalog = try TemporaryCatalog()
        defer { catalog.remove() }
        let six = Dictionary(uniqueKeysWithValues: BuildConfiguration.all.map { ($0.id, "clean") })
        try catalog.add(folder: "01-ok", id: "ok", catalog: "1",
                        expect: six.merging(["6@NN": "clean", "6@plain": "isolation-trap"]) { $1 },
                        program: TestPrograms.exitsCleanly)
        let loaded = try catalog.load()
        #expect(loaded.cases.first?.manifest.settingsColumns.map(\.id) == ["6@plain", "6@NN"])

        try catalog.add(folder: "02-bad", id: "bad", catalog: "2", expect: six.merging(["6@DM+Legacy=5": "clean"]) { $1 },
                        program: TestPrograms.exitsCleanly)
        #expect(throws: CatalogError.invalidManifest(
            id: "bad", reason: "in expect: '6@DM+Legacy=5' sets the mode of 'Legacy', which is not one of the case's modules")) {
            _ = try catalog.load()
        }
    }

    @Test("the settings table lists each case's columns top to bottom, marking a mismatch")
    func table() throws {
        let catalog = try TemporaryCatalog()
        defer { catalog.remove() }
        try catalog.add(folder: "01-x", id: "x", catalog: "1", expect: ["6": "clean"], program: TestPrograms.exitsCleanly)
        let cases = try catalog.load().cases
        func observation(_ id: String, _ outcome: Outcome, expected: Outcome?) -> Observation {
            Observation(caseID: "x", catalog: "1", title: "x", configuration: BuildConfiguration(id: id)!,
                        expected: expected.map { Expectation(outcome: $0) }, outcome: outcome, warnings: [], errors: [],
                        evidence: [], offender: nil, offenderLocation: nil, legacyReport: [], notes: [],
                        compileCached: true, runSeconds: nil)
        }
        let table = ProbeTextReport.settingsTable([
            observation("6", .clean, expected: .clean),
            observation("6@NN", .isolationTrap, expected: .isolationTrap),
            observation("6@plain", .clean, expected: .isolationTrap),
            observation("6@DM", .clean, expected: nil),
        ], cases: cases)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("    6") }.map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows == ["6@plain clean ! expected isolation-trap", "6@DM clean (no stated expectation)", "6@NN TRAP"])
        #expect(ProbeTextReport.settingsTable([observation("6", .clean, expected: .clean)], cases: cases).isEmpty)
    }
}
