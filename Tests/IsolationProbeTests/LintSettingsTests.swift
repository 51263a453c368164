import Foundation
import Testing

@testable import IsolationLint
@testable import ProbeProcess
@testable import ProbeSupport

/// Lint reads each target's build settings (the manifest through
/// `swift package dump-package`, corrected by `.isolation-probe.json`) and
/// explains findings by them.
@Suite("lint target settings")
struct LintSettingsTests {
    /// A package whose `App` target defaults to the main actor with both
    /// upcoming features, beside a Swift 5 `Lib` target.
    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "Settings",
            targets: [
                .target(name: "App", dependencies: ["Lib"], swiftSettings: [
                    .defaultIsolation(MainActor.self),
                    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                    .enableUpcomingFeature("InferIsolatedConformances"),
                ]),
                .target(name: "Lib", swiftSettings: [.swiftLanguageMode(.v5)]),
            ]
        )
        """

    static let storedClosure = """
        final class Relay: @unchecked Sendable {
            var onEvent: (String) -> Void = { _ in }
        }
        """

    @Test("the manifest's settings reach each target, its findings and the JSON and SARIF reports")
    func manifestSettings() throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        try tree.write(Self.manifest, to: "Package.swift")
        try tree.write(Self.storedClosure, to: "Sources/App/Relay.swift")
        try tree.write(Self.storedClosure, to: "Sources/Lib/Relay.swift")
        let report = try LintEngine().lint(paths: [tree.path("Sources")])

        let app = try #require(report.settings.targets.first { $0.name == "App" }, "\(report.settings.notes)")
        #expect(app.defaultIsolation == .mainActor)
        #expect(app.nonisolatedNonsendingByDefault && app.inferIsolatedConformances)
        #expect(app.languageMode == "6")
        let lib = try #require(report.settings.targets.first { $0.name == "Lib" })
        #expect(lib.defaultIsolation == .nonisolated && lib.languageMode == "5" && !lib.inferIsolatedConformances)

        let inApp = try #require(report.findings.first { $0.file.hasSuffix("App/Relay.swift") })
        let inLib = try #require(report.findings.first { $0.file.hasSuffix("Lib/Relay.swift") })
        #expect(inApp.message.contains("In target `App` (default isolation MainActor) an unannotated closure is main-actor isolated"))
        #expect(!inLib.message.contains("default isolation MainActor"))
        #expect(inApp.target == "App" && inLib.target == "Lib")

        let json = report.render(.json)
        #expect(json.contains("\"defaultIsolation\" : \"MainActor\""))
        #expect(json.contains("\"target\" : \"App\""))
        #expect(report.render(.sarif).contains("Target `App`: Swift 6, default isolation MainActor, NonisolatedNonsendingByDefault, InferIsolatedConformances."))
        #expect(report.render(.text).contains("isolation-probe lint: target App: Swift 6, default isolation MainActor"))
    }

    @Test("a manifest that cannot be read is named in one note and lint goes on without settings")
    func brokenManifest() throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        try tree.write("// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: \n", to: "Package.swift")
        try tree.write(Self.storedClosure, to: "Sources/App/Relay.swift")
        let report = try LintEngine().lint(paths: [tree.path("Sources")])
        #expect(report.settings.targets.isEmpty)
        #expect(report.settings.notes.count == 1)
        #expect(report.settings.notes.first?.contains("Package.swift: settings not read") == true)
        #expect(report.findings.count == 1)
    }

    @Test("dump-package's JSON: unsafe flags, language modes and the package's list of modes")
    func dumpParsing() throws {
        let package: [String: Any] = [
            "toolsVersion": ["_version": "5.10.0"],
            "swiftLanguageVersions": ["5", "6"],
            "targets": [
                ["name": "Flags", "type": "regular", "path": "Flags", "settings": [
                    ["tool": "swift", "kind": ["unsafeFlags": ["_0": ["-Xfrontend", "-default-isolation", "-Xfrontend", "MainActor",
                                                                        "-enable-upcoming-feature", "InferIsolatedConformances"]]]],
                ]],
                ["name": "Old", "type": "regular", "settings": [
                    ["tool": "swift", "kind": ["swiftLanguageMode": ["_0": "5"]]],
                ]],
                ["name": "Binary", "type": "binary"],
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: package)
        let targets = try PackageManifest.targets(inDump: data, root: "/p", manifest: "/p/Package.swift").get()
        #expect(targets.map(\.name) == ["Flags", "Old"])
        #expect(targets[0].directory == "/p/Flags")
        #expect(targets[0].defaultIsolation == .mainActor && targets[0].inferIsolatedConformances)
        #expect(targets[0].languageMode == "6")
        #expect(targets[1].languageMode == "5" && targets[1].directory == "/p/Sources/Old")
    }

    @Test("the configuration's targets give settings to code without a manifest")
    func overrideWithoutManifest() throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        try tree.write(Self.storedClosure, to: "App/Relay.swift")
        try tree.write("""
            {"targets": {"App": {"path": "App", "defaultIsolation": "MainActor", "languageMode": 6}}}
            """, to: LintConfiguration.fileName)
        let configuration = try #require(try LintConfiguration.discover(for: [tree.path("App")]))
        let report = try LintEngine(configuration: configuration).lint(paths: [tree.path("App")])
        let target = try #require(report.settings.targets.first)
        #expect(target.name == "App" && target.defaultIsolation == .mainActor && target.languageMode == "6")
        #expect(target.origin.hasSuffix(LintConfiguration.fileName))
        #expect(report.findings.first?.message.contains("(default isolation MainActor)") == true)
    }

    @Test("a bad target setting is an error naming the file and the key", arguments: [
        (#"{"targets": {"App": {"defaultIsolation": "Main"}}}"#, "targets.App.defaultIsolation must be \"MainActor\" or \"nonisolated\""),
        (#"{"targets": {"App": {"languageMode": "7"}}}"#, "targets.App.languageMode must be \"5\" or \"6\""),
        (#"{"targets": {"App": {"isolation": "MainActor"}}}"#, "targets.App: unknown key \"isolation\""),
        (#"{"targets": ["App"]}"#, "key \"targets\" must be an object"),
    ])
    func badOverride(text: String, problem: String) throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        try tree.write(text, to: LintConfiguration.fileName)
        let file = tree.path(LintConfiguration.fileName)
        do {
            _ = try LintConfiguration.load(file)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.description.hasPrefix(file + ": "))
            #expect(error.description.contains(problem), "\(error.description)")
        }
    }

    /// Lints `code` as the one file of target `App` with these settings.
    static func lint(_ code: String, settings: (inout TargetSettings) -> Void) -> LintReport {
        var target = TargetSettings(name: "App", directory: "/settings/App", origin: "test")
        settings(&target)
        let engine = LintEngine(settings: ProjectSettings(targets: [target]))
        return engine.lint(sources: [ParsedSource(path: "/settings/App/Code.swift", text: code)])
    }

    @Test("an assumption under a nonisolated async function is explained by NonisolatedNonsendingByDefault")
    func assumptionFlipsWithTheFeature() throws {
        let code = """
            func render() { MainActor.assumeIsolated { print("drawn") } }
            nonisolated func refresh() async { render() }
            """
        let off = Self.lint(code) { _ in }
        let on = Self.lint(code) { $0.nonisolatedNonsendingByDefault = true }
        let offMessage = try #require(off.findings.first { $0.rule == .isolationAssumptionInNonisolatedAsync }).message
        let onMessage = try #require(on.findings.first { $0.rule == .isolationAssumptionInNonisolatedAsync }).message
        #expect(offMessage.contains("(NonisolatedNonsendingByDefault off) runs on the global concurrent executor: it traps on every call"))
        #expect(onMessage.contains("(NonisolatedNonsendingByDefault on) runs on its caller's actor: it holds when the caller is on MainActor"))
        // In a default-MainActor target the unannotated async function is main-actor isolated.
        let isolated = Self.lint("func render() { MainActor.assumeIsolated {} }\nfunc refresh() async { render() }") {
            $0.defaultIsolation = .mainActor
        }
        #expect(!isolated.findings.contains { $0.rule == .isolationAssumptionInNonisolatedAsync })
    }

    @Test("a conformance of a default-MainActor type is isolated under InferIsolatedConformances")
    func inferredIsolatedConformance() {
        let code = """
            struct Label: CustomStringConvertible { var description: String { "label" } }
            final class Shelf: @unchecked Sendable {
                var item: (any CustomStringConvertible)?
            }
            """
        let inferred = Self.lint(code) {
            $0.defaultIsolation = .mainActor
            $0.inferIsolatedConformances = true
        }
        let finding = inferred.findings.first { $0.rule == .uncheckedHolderOfIsolatedConformance }
        #expect(finding?.line == 3)
        #expect(finding?.message.contains("inferred: target `App` has default isolation MainActor and InferIsolatedConformances") == true)
        let withoutInference = Self.lint(code) { $0.defaultIsolation = .mainActor }
        #expect(!withoutInference.findings.contains { $0.rule == .uncheckedHolderOfIsolatedConformance })
        // A superclass of another module looks like a protocol in the
        // inheritance list; a stored value of that class is not an existential.
        let superclass = Self.lint("""
            import Foundation
            final class Item: NSObject, Identifiable {}
            final class Shelf: @unchecked Sendable {
                var base: NSObject?
                var item: (any Identifiable)?
            }
            """) {
            $0.defaultIsolation = .mainActor
            $0.inferIsolatedConformances = true
        }
        #expect(superclass.findings.filter { $0.rule == .uncheckedHolderOfIsolatedConformance }.map(\.line) == [5])
    }

    @Test("--fix writes isolated deinit for a default-MainActor class, and the fixed file compiles")
    func isolatedDeinitFixCompiles() async throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        let code = """
            final class Screen {
                var title = ""
                deinit {
                    MainActor.assumeIsolated { print(title) }
                }
            }

            """
        try tree.write(code, to: "App/Screen.swift")
        try tree.write(#"{"targets": {"App": {"path": "App", "defaultIsolation": "MainActor"}}}"#, to: LintConfiguration.fileName)
        let configuration = try #require(try LintConfiguration.discover(for: [tree.path("App")]))
        let result = try LintFixer(engine: LintEngine(configuration: configuration)).fix(paths: [tree.path("App")])
        let fixed = try #require(result.fixedTexts[tree.path("App/Screen.swift")])
        #expect(fixed == code.replacingOccurrences(of: "    deinit {", with: "    isolated deinit {"))
        #expect(result.report.findings.isEmpty)
        try tree.write(fixed, to: "App/Screen.swift")

        // Compiled as the target is: default isolation MainActor.
        let compiled = try await ChildProcess.run(
            executable: "swiftc",
            arguments: ["-typecheck", "-swift-version", "6", "-default-isolation", "MainActor", tree.path("App/Screen.swift")],
            limits: .init(timeout: .seconds(300), maxOutputBytes: 1 << 20))
        #expect(compiled.termination == .exited(0), "\(compiled.standardError)")
        // The same fix on a class without an actor would not compile, so lint offers none there.
        let plain = try await ChildProcess.run(
            executable: "swiftc", arguments: ["-typecheck", "-swift-version", "6", tree.path("App/Screen.swift")],
            limits: .init(timeout: .seconds(300), maxOutputBytes: 1 << 20))
        #expect(plain.standardError.contains("deinit is marked isolated, but containing class 'Screen' is not isolated to an actor"))
        let unfixable = Self.lint(code) { _ in }
        let finding = try #require(unfixable.findings.first { $0.rule == .assumeIsolatedInDeinit })
        #expect(finding.fix.hasPrefix("Isolate `Screen` to `@MainActor`"))
    }
}
