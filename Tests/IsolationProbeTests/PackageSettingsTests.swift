import Foundation
import Testing
import TestSupport

@testable import IsolationDetect
@testable import IsolationTriage
@testable import ProbeProcess
@testable import ProbeSupport

/// The one reader of a package's Swift 6.2 settings (`swift package
/// dump-package`), and what detect and triage say with it.
@Suite("package settings")
struct PackageSettingsTests {
    /// A dump-package document with one target of `settings`, in a package of `tools` and `modes`.
    static func dump(_ settings: [[String: Any]], tools: String = "6.2.0", modes: [String]? = nil, type: String = "regular") throws -> Data {
        var root: [String: Any] = [
            "name": "P", "toolsVersion": ["_version": tools],
            "targets": [["name": "App", "type": type, "settings": settings]],
        ]
        if let modes { root["swiftLanguageVersions"] = modes }
        return try JSONSerialization.data(withJSONObject: root)
    }

    static func setting(_ key: String, _ value: Any) -> [String: Any] {
        ["tool": "swift", "kind": [key: ["_0": value]]]
    }

    @Test("manifest settings, upcoming features and unsafe flags are read; migrate mode and other tools' settings are not")
    func parsing() throws {
        let read = try PackageConcurrencySettings(dumpPackageJSON: Self.dump([
            Self.setting("defaultIsolation", "MainActor"),
            Self.setting("enableUpcomingFeature", "NonisolatedNonsendingByDefault"),
            Self.setting("enableUpcomingFeature", "InferIsolatedConformances:migrate"),
            Self.setting("unsafeFlags", ["-Xfrontend", "-enable-actor-data-race-checks", "-swift-version", "5"]),
            ["tool": "c", "kind": ["unsafeFlags": ["_0": ["-enable-upcoming-feature", "InferIsolatedConformances"]]]],
        ]), packagePath: "/p")
        let app = try #require(read.target(named: "App"))
        #expect(app.settings == [.defaultIsolationMainActor, .nonisolatedNonsendingByDefault, .dataRaceChecks])
        #expect(app.languageMode == "5")
        #expect(app.path == "Sources/App")
        #expect(app.summary == "App (Swift 5; DM, NN, checks)")
        // The mode: the target's, else the package's highest, else the tools version's default.
        #expect(try PackageConcurrencySettings(dumpPackageJSON: Self.dump([], tools: "5.10.0"), packagePath: "/p").targets[0].languageMode == "5")
        #expect(try PackageConcurrencySettings(dumpPackageJSON: Self.dump([]), packagePath: "/p").targets[0].languageMode == "6")
        #expect(try PackageConcurrencySettings(dumpPackageJSON: Self.dump([], modes: ["5", "4.2"]), packagePath: "/p").targets[0].languageMode == "5")
        #expect(try PackageConcurrencySettings(dumpPackageJSON: Self.dump([], type: "binary"), packagePath: "/p").targets.isEmpty)
        #expect(try PackageConcurrencySettings(dumpPackageJSON: Self.dump([], type: "test"), packagePath: "/p").targets[0].path == "Tests/App")
    }

    @Test("what lint's reader knew before the readers were one: every key of an entry, v-prefixed modes, a default isolation set back, SwiftPM's other source folders")
    func sharedWithLint() throws {
        let both: [String: Any] = ["tool": "swift", "kind": [
            "defaultIsolation": ["_0": "MainActor"], "enableUpcomingFeature": ["_0": "InferIsolatedConformances"],
        ]]
        let read = try PackageConcurrencySettings(dumpPackageJSON: Self.dump([
            both,
            Self.setting("unsafeFlags", ["-Xfrontend", "-default-isolation", "-Xfrontend", "nonisolated"]),
            Self.setting("swiftLanguageMode", "v5"),
        ]), packagePath: "/p")
        #expect(read.targets[0].settings == [.inferIsolatedConformances])
        #expect(read.targets[0].languageMode == "5")

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Source/App"), withIntermediateDirectories: true)
        #expect(try PackageConcurrencySettings(dumpPackageJSON: Self.dump([]), packagePath: root.path).targets[0].path == "Source/App")
    }

    @Test("what is not a package description is refused, naming the package")
    func refused() {
        #expect(throws: PackageConcurrencySettings.Failure(packagePath: "/p", reason: "swift package dump-package did not print a JSON object")) {
            _ = try PackageConcurrencySettings(dumpPackageJSON: Data("error: manifest parse".utf8), packagePath: "/p")
        }
        #expect(throws: PackageConcurrencySettings.Failure(packagePath: "/p", reason: "the package description has no \"targets\" list")) {
            _ = try PackageConcurrencySettings(dumpPackageJSON: Data("{}".utf8), packagePath: "/p")
        }
    }

    @Test("a file's target is the one whose folder holds it, wherever the report's prefix comes from")
    func targetOfFile() {
        let settings = PackageConcurrencySettings(packagePath: "/p", targets: [
            TargetConcurrencySettings(target: "App", path: "Sources/App", languageMode: "6", settings: []),
            TargetConcurrencySettings(target: "AppKitBits", path: "Sources/App/Kit", languageMode: "6", settings: []),
        ])
        #expect(settings.target(containing: "/ci/work/Sources/App/Gallery.swift")?.target == "App")
        #expect(settings.target(containing: "Sources/App/Kit/View.swift")?.target == "AppKitBits")
        #expect(settings.target(containing: "/ci/work/Sources/Apple/Gallery.swift") == nil)
    }

    @Test("the settings to look for follow the trap's shape", arguments: [
        (IsolationStopShape.isolatedWitness, ["DM", "IIC", "Swift 5", "checks"]),
        (.mainActorCodeOffMain, ["DM", "Swift 5", "checks"]),
        (.executorAssumption, ["NN"]),
    ])
    func candidates(shape: IsolationStopShape, labels: [String]) {
        #expect(SettingReason.candidates(for: shape).map(\.label) == labels)
    }

    @Test("an assumeIsolated in a target without NonisolatedNonsendingByDefault names its absence")
    func absentNN() {
        let target = TargetConcurrencySettings(target: "App", path: "Sources/App", languageMode: "6", settings: [])
        #expect(target.reasons(for: .executorAssumption).map(\.label) == ["no NN"])
        #expect(target.reasons(for: .mainActorCodeOffMain).isEmpty)
    }
}

/// Detect and triage on a package built with a new app's settings: default
/// MainActor isolation and an upcoming feature, calling a Swift 5 library.
@Suite("settings on a package", .tags(.slow))
struct SettingsPackageTests {
    @Test("dump-package of the fixture, detect's violation with the setting that made it possible, and triage of the same program's crash")
    func settingsPackage() async throws {
        let directory = try DetectFixtures.copy("SettingsPackage")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let settings = try await PackageConcurrencySettings.read(packageAt: directory.path)
        #expect(settings.targets.map(\.summary) == ["LegacyScheduler (Swift 5)", "SettingsApp (Swift 6; DM, IIC)"])

        // Detect: the closure's line, in a target whose default isolation made it main-actor code.
        let marker = try #require(try DetectFixtures.expectations(in: directory).first)
        let report = try await PackageCheck(packagePath: directory.path, target: .product("SettingsApp"), forwardRuntimeWarnings: false).run()
        #expect(DetectFixtures.observed(report) == [.init(file: marker.file, line: marker.line, kind: marker.kind, count: 1)])
        let entry = try #require(report.tally.entries.first)
        let named = try #require(report.settingReasons(for: entry))
        #expect(named.target.target == "SettingsApp")
        #expect(named.reasons.map(\.label) == ["DM"])
        let text = report.render(.text)
        #expect(text.contains("settings of SettingsApp (Swift 6; DM, IIC):"), "\(text)")
        #expect(text.contains("DM: default isolation MainActor (.defaultIsolation(MainActor.self)): unannotated declarations"), "\(text)")
        #expect(report.render(.json).contains("\"label\" : \"DM\""))

        // Triage: the same program run without detect's warning mode traps;
        // its crash, read with the package's sources, names the target's setting.
        let binPath = directory.appendingPathComponent(".build/isolation-probe-detect/debug/SettingsApp").path
        let crash = try await ChildProcess.run(
            executable: binPath, arguments: [], environment: ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"],
            limits: .init(timeout: .seconds(120), maxOutputBytes: 8 << 20))
        #expect(crash.termination == .signaled(4))
        let crashFile = directory.appendingPathComponent("crash.txt")
        try Data(crash.standardError.utf8).write(to: crashFile)
        let triaged = try await ProbeBinary.run(["triage", crashFile.path, "--sources", directory.appendingPathComponent("Sources").path])
        #expect(triaged.standardOutput.contains("settings    of SettingsApp (Swift 6; DM, IIC)"), "\(triaged.standardOutput)\(triaged.standardError)")
        #expect(triaged.standardOutput.contains("no @MainActor is written in"), "\(triaged.standardOutput)")
        #expect(triaged.standardOutput.contains("default isolation MainActor (.defaultIsolation(MainActor.self))"), "\(triaged.standardOutput)")
        // Without the sources the settings are the ones to look for.
        let bare = try await ProbeBinary.run(["triage", crashFile.path])
        #expect(bare.standardOutput.contains("settings    possible with: default isolation MainActor"), "\(bare.standardOutput)")
        #expect(!bare.standardOutput.contains("of SettingsApp"))
        let json = try await ProbeBinary.run(["triage", crashFile.path, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let routeSettings = try #require(((document["reports"] as? [[String: Any]])?.first?["routeSettings"]) as? [String: Any])
        #expect(routeSettings["fromPackage"] as? Bool == false)
        #expect((routeSettings["settings"] as? [[String: Any]])?.compactMap { $0["label"] as? String } == ["DM", "Swift 5", "checks"])
    }
}

/// Triage's settings for a route, from the offender's shape, the package's
/// settings and the sources.
@Suite("route settings")
struct RouteSettingsTests {
    static let app = PackageConcurrencySettings(packagePath: "/p", targets: [
        TargetConcurrencySettings(target: "App", path: "Sources/App", languageMode: "6", settings: [.defaultIsolationMainActor]),
    ])

    @Test("a trap in a protocol witness: the settings that make a conformance isolated, or the target's own")
    func witness() throws {
        let finding = IsolationFinding(offender: StackFrame(
            index: 2, symbol: "protocol witness for Renderer.render() in conformance Canvas", file: "/ci/Sources/App/Canvas.swift"))
        let candidates = try #require(RouteSettings(for: finding, package: nil, sourcesRoot: nil))
        #expect(!candidates.fromPackage)
        #expect(candidates.settings.map(\.label) == ["DM", "IIC", "Swift 5", "checks"])
        let own = try #require(RouteSettings(for: finding, package: Self.app, sourcesRoot: nil))
        #expect(own.fromPackage)
        #expect(own.target == "App (Swift 6; DM)")
        #expect(own.settings.map(\.label) == ["DM"])
        #expect(own.settings.first?.caseIDs == ["17a", "18a"])
    }

    @Test("a trap in main-actor code whose file writes no @MainActor: default isolation, from the sources")
    func noMainActorInSight() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("route-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("final class Gallery { func refresh() { run { } } }\n".utf8).write(to: folder.appendingPathComponent("Gallery.swift"))
        try Data("@MainActor final class Screen { func show() { run { } } }\n".utf8).write(to: folder.appendingPathComponent("Screen.swift"))
        let package = PackageConcurrencySettings(packagePath: root.path, targets: Self.app.targets)
        func settings(_ file: String) -> RouteSettings? {
            RouteSettings(for: IsolationFinding(offender: StackFrame(index: 2, symbol: "closure #1 in Gallery.refresh()", file: file),
                                                expectedExecutor: "MainActor"),
                          package: package, sourcesRoot: root.appendingPathComponent("Sources").path)
        }
        let gallery = try #require(settings("/build/machine/Sources/App/Gallery.swift"))
        #expect(gallery.sourceFact?.hasPrefix("no @MainActor is written in \(folder.path)/Gallery.swift") == true, "\(gallery)")
        #expect(gallery.target == "App (Swift 6; DM)")
        #expect(gallery.settings.map(\.label) == ["DM"])
        #expect(settings("/build/machine/Sources/App/Screen.swift")?.sourceFact == nil)
        // A file the sources do not have: the target still comes from the report's path.
        #expect(settings("/build/machine/Sources/App/Missing.swift")?.target == "App (Swift 6; DM)")
    }

    @Test("an assumeIsolated trap names NonisolatedNonsendingByDefault")
    func assumeIsolated() throws {
        let finding = IsolationFinding(offender: StackFrame(index: 3, symbol: "recordOnMain()", file: "/ci/Sources/App/Record.swift"),
                                       route: .assumeIsolatedOffActor(reason: "test", why: "", fix: ""))
        #expect(RouteSettings(for: finding, package: nil, sourcesRoot: nil)?.settings.map(\.label) == ["NN"])
        #expect(RouteSettings(for: finding, package: Self.app, sourcesRoot: nil)?.settings.map(\.label) == ["no NN"])
    }
}
