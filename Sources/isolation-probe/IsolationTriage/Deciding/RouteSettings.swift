import Foundation
import ProbeSupport

/// The build settings that make an isolation trap's route possible: a
/// trap in a protocol witness needs an isolated conformance (written
/// `@MainActor P`, or made so by default isolation or
/// InferIsolatedConformances); a trap in a closure with no `@MainActor` in
/// sight needs default isolation; an `assumeIsolated` under a nonisolated
/// async function fails or holds by NonisolatedNonsendingByDefault.
///
/// Without the package, the settings are the ones to look for; with it
/// (`triage --sources` or `--package` on a folder of a package), the
/// offender's target's own settings, read by `swift package dump-package`.
///
/// ```swift
/// RouteSettings(for: finding, package: nil, sourcesRoot: nil)?.settings.map(\.label)   // ["DM", "IIC", "checks"]
/// RouteSettings(for: finding, package: settings, sourcesRoot: "Sources")?.target      // "App (Swift 6; DM)"
/// ```
public struct RouteSettings: Sendable, Hashable, Codable {
    /// One setting and why it makes the route possible.
    public struct Setting: Sendable, Hashable, Codable {
        /// `DM`, `NN`, `IIC`, `checks`, `Swift 5`, or `no NN`.
        public var label: String
        /// The setting's name with its manifest spelling.
        public var title: String
        /// Why it makes the route possible.
        public var why: String
        /// Catalog cases that show it.
        public var caseIDs: [String]
    }

    /// The offender's target with its settings (`App (Swift 6; DM)`), when the package's settings were read.
    public var target: String?
    /// True when ``settings`` are the target's own; false when they are the
    /// settings that would make the route possible, to look for.
    public var fromPackage: Bool
    /// The settings, most telling first.
    public var settings: [Setting]
    /// What the sources show about the offender's isolation, when they were read.
    public var sourceFact: String?

    /// The settings for `finding`'s route; nil for a finding with no offender.
    package init?(for finding: IsolationFinding, package: PackageConcurrencySettings?, sourcesRoot: String?) {
        guard let offender = finding.offender else { return nil }
        let shape = Self.shape(of: finding)
        let file = sourcesRoot.flatMap { Self.locate(offender.file, under: $0) }
        if let file, shape == .mainActorCodeOffMain,
           let text = try? String(contentsOfFile: file, encoding: .utf8), !text.contains("@MainActor") {
            sourceFact = "no @MainActor is written in \(file): the code that ran off the main thread is main-actor isolated by a build setting, default isolation MainActor"
        }
        let target = package.flatMap { package in
            file.flatMap { package.target(containing: Self.relative($0, to: package.packagePath)) }
                ?? offender.file.flatMap(package.target(containing:))
        }
        let reasons = target.map { $0.reasons(for: shape) } ?? SettingReason.candidates(for: shape)
        self.target = target?.summary
        fromPackage = target != nil
        settings = reasons.map { Setting(label: $0.label, title: $0.title, why: $0.why, caseIDs: $0.caseIDs) }
        if settings.isEmpty, sourceFact == nil, target == nil { return nil }
    }

    /// How the trap looks to the settings: a witness, an `assumeIsolated`, or main-actor code.
    static func shape(of finding: IsolationFinding) -> IsolationStopShape {
        if finding.offender?.symbol?.hasPrefix("protocol witness for") == true { return .isolatedWitness }
        if finding.route?.caseIDs.contains(AssumeIsolatedRoute.caseIDs[0]) == true { return .executorAssumption }
        if let expected = finding.expectedExecutor, !expected.contains("MainActor") { return .otherActorCode }
        return .mainActorCodeOffMain
    }

    /// The package around `path`: `path` itself or the nearest folder above
    /// it holding a `Package.swift`; nil when there is none.
    package static func packageRoot(around path: String) -> String? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            folder.deleteLastPathComponent()
        }
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// The file under `root` a report's path names: the one whose path ends
    /// with the most of the report's folders (a report from another machine
    /// has another prefix); nil when no file has its name.
    static func locate(_ reported: String?, under root: String) -> String? {
        guard let reported, let files = try? SwiftSourceFiles.find(at: [root]) else { return nil }
        let parts = reported.split(separator: "/")
        guard let name = parts.last else { return nil }
        func sharedSuffix(_ path: String) -> Int {
            zip(path.split(separator: "/").reversed(), parts.reversed()).prefix { $0 == $1 }.count
        }
        return files.filter { $0.hasSuffix("/" + name) || $0 == String(name) }.max { sharedSuffix($0) < sharedSuffix($1) }
    }

    /// `path` relative to `root` when it lies under it.
    static func relative(_ path: String, to root: String) -> String {
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        return file.hasPrefix(base + "/") ? String(file.dropFirst(base.count + 1)) : file
    }
}
