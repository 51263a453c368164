import Dispatch
import Foundation
import Synchronization

/// The build settings of one target that decide what isolation its code
/// gets: the language mode, the default isolation (SE-0466) and the two
/// upcoming features that move isolation (SE-0461 NonisolatedNonsendingByDefault,
/// SE-0470 InferIsolatedConformances). Lint explains findings by them.
///
/// ```swift
/// let app = TargetSettings(name: "App", directory: "/p/Sources/App", origin: "/p/Package.swift")
/// print(app.summary)  // "Swift 5, default isolation nonisolated"
/// ```
package struct TargetSettings: Codable, Sendable, Hashable {
    /// What an unannotated declaration is isolated to.
    package enum DefaultIsolation: String, Codable, Sendable {
        case nonisolated
        case mainActor = "MainActor"
    }

    /// The target's name.
    package var name: String
    /// The absolute directory holding the target's sources.
    package var directory: String
    /// "5" or "6" (the language mode the target compiles in).
    package var languageMode = "5"
    package var defaultIsolation = DefaultIsolation.nonisolated
    /// Whether `nonisolated async` functions run on their caller's actor.
    package var nonisolatedNonsendingByDefault = false
    /// Whether a main-actor type's conformances are inferred main-actor isolated.
    package var inferIsolatedConformances = false
    /// The file the settings were read from (`Package.swift`, or `.isolation-probe.json` when overridden).
    package var origin: String

    package init(name: String, directory: String, origin: String) {
        self.name = name
        self.directory = directory
        self.origin = origin
    }

    /// The upcoming features lint knows, by their compiler names.
    static let nonisolatedNonsendingFeature = "NonisolatedNonsendingByDefault"
    static let inferIsolatedConformancesFeature = "InferIsolatedConformances"

    /// "Swift 6, default isolation MainActor, NonisolatedNonsendingByDefault".
    package var summary: String {
        var parts = ["Swift \(languageMode)", "default isolation \(defaultIsolation.rawValue)"]
        if nonisolatedNonsendingByDefault { parts.append(Self.nonisolatedNonsendingFeature) }
        if inferIsolatedConformances { parts.append(Self.inferIsolatedConformancesFeature) }
        return parts.joined(separator: ", ")
    }

    /// Whether unannotated code of the target is main-actor isolated.
    var isMainActorByDefault: Bool { defaultIsolation == .mainActor }

    /// Turns on a feature named on the command line or in the manifest.
    mutating func enable(feature: String) {
        if feature == Self.nonisolatedNonsendingFeature { nonisolatedNonsendingByDefault = true }
        if feature == Self.inferIsolatedConformancesFeature { inferIsolatedConformances = true }
    }

    /// The sentence a stored-closure finding adds in a default-MainActor
    /// target, or nil elsewhere.
    var mainActorClosureNote: String? {
        guard isMainActorByDefault else { return nil }
        return "In target `\(name)` (default isolation MainActor) an unannotated closure is main-actor isolated, "
            + "so every closure this module's code stores here without `@Sendable` or `nonisolated` is one."
    }
}

/// A team's correction of one target's settings, from the `targets` key of
/// `.isolation-probe.json`: for code whose settings lint cannot read (an
/// Xcode project's `SWIFT_DEFAULT_ACTOR_ISOLATION`), or to correct the manifest.
///
/// ```json
/// "targets": { "App": { "path": "App", "defaultIsolation": "MainActor", "languageMode": "6",
///                       "upcomingFeatures": ["NonisolatedNonsendingByDefault"] } }
/// ```
package struct TargetSettingsOverride: Sendable, Hashable {
    /// The target's directory, relative to the configuration file; needed
    /// for a target the manifest does not declare.
    package var path: String?
    package var languageMode: String?
    package var defaultIsolation: TargetSettings.DefaultIsolation?
    /// Replaces the manifest's upcoming features when given.
    package var upcomingFeatures: [String]?

    /// The keys a target's entry may have.
    static let keys = ["path", "languageMode", "defaultIsolation", "upcomingFeatures"]

    /// Reads the entry for `target` in `file`, or says which key is wrong.
    static func parse(_ value: Any, target: String, file: String) throws(LintConfiguration.Failure) -> TargetSettingsOverride {
        func fail(_ problem: String) -> LintConfiguration.Failure {
            LintConfiguration.Failure(file: file, problem: "targets.\(target)\(problem)")
        }
        guard let entry = value as? [String: Any] else {
            throw fail(" must be an object with keys \(keys.joined(separator: ", "))")
        }
        for key in entry.keys.sorted() where !keys.contains(key) {
            throw fail(": unknown key \"\(key)\" (known keys: \(keys.joined(separator: ", ")))")
        }
        var result = TargetSettingsOverride()
        if let path = entry["path"] {
            guard let text = path as? String, !text.isEmpty else { throw fail(".path must be a directory path") }
            result.path = text
        }
        if let mode = entry["languageMode"] {
            let text = (mode as? String) ?? (mode as? NSNumber).map { "\($0.intValue)" }
            guard let text, ["5", "6"].contains(text) else {
                throw fail(".languageMode must be \"5\" or \"6\", not \(mode)")
            }
            result.languageMode = text
        }
        if let isolation = entry["defaultIsolation"] {
            guard let text = isolation as? String, let parsed = TargetSettings.DefaultIsolation(rawValue: text) else {
                throw fail(".defaultIsolation must be \"MainActor\" or \"nonisolated\", not \(isolation)")
            }
            result.defaultIsolation = parsed
        }
        if let features = entry["upcomingFeatures"] {
            guard let list = features as? [String], !(features is String) else {
                throw fail(".upcomingFeatures must be an array of feature names")
            }
            result.upcomingFeatures = list
        }
        return result
    }
}

/// The settings of every target whose files are linted: read from each
/// package manifest above them with `swift package dump-package`, then
/// corrected by the configuration's `targets`.
///
/// ```swift
/// let settings = ProjectSettings.read(for: ["Sources"], configuration: configuration)
/// print(settings.target(containing: "Sources/App/View.swift")?.summary ?? "no settings")
/// ```
package struct ProjectSettings: Codable, Sendable {
    /// Every target read, deepest directory first.
    package var targets: [TargetSettings] = []
    /// Why some settings could not be read, one line each.
    package var notes: [String] = []

    package init(targets: [TargetSettings] = [], notes: [String] = []) {
        self.targets = targets.sorted { $0.directory.count > $1.directory.count }
        self.notes = notes
    }

    /// The settings of the target whose directory holds `file`.
    func target(containing file: String) -> TargetSettings? {
        let path = LintConfiguration.absolute(file)
        return targets.first { path.hasPrefix($0.directory.hasSuffix("/") ? $0.directory : $0.directory + "/") }
    }

    /// The most manifests one run reads; more are named in a note.
    static let maximumManifests = 64
    /// How long one `swift package dump-package` may take.
    static let dumpTimeLimit: Double = 120

    /// Reads the manifests above `files` (unless the configuration says not
    /// to) and applies the configuration's overrides.
    static func read(forFiles files: [String], configuration: LintConfiguration) -> ProjectSettings {
        var targets: [TargetSettings] = []
        var notes: [String] = []
        if configuration.readsPackageManifests {
            let manifests = Array(manifestPaths(above: files).sorted())
            if manifests.count > maximumManifests {
                notes.append("read the settings of the first \(maximumManifests) of \(manifests.count) package manifests only")
            }
            let read = Mutex<[Int: Result<[TargetSettings], ManifestFailure>]>([:])
            let chosen = Array(manifests.prefix(maximumManifests))
            DispatchQueue.concurrentPerform(iterations: chosen.count) { position in
                let outcome = PackageManifest.targets(of: chosen[position])
                read.withLock { $0[position] = outcome }
            }
            read.withLock { results in
                for position in chosen.indices {
                    switch results[position] {
                    case .success(let found): targets += found
                    case .failure(let failure): notes.append(failure.description)
                    case nil: break
                    }
                }
            }
        }
        for (name, override) in configuration.targetOverrides.sorted(by: { $0.key < $1.key }) {
            let origin = configuration.file ?? LintConfiguration.fileName
            var matching = targets.indices.filter { targets[$0].name == name }
            if let path = override.path {
                let directory = LintConfiguration.absolute(configuration.resolve(path))
                matching = matching.filter { targets[$0].directory == directory }
                if matching.isEmpty {
                    targets.append(TargetSettings(name: name, directory: directory, origin: origin))
                    matching = [targets.count - 1]
                }
            } else if matching.isEmpty {
                notes.append("\(origin): targets.\(name) names no target of the manifests read and has no \"path\"; ignored")
            }
            for position in matching {
                var target = targets[position]
                if let mode = override.languageMode { target.languageMode = mode }
                if let isolation = override.defaultIsolation { target.defaultIsolation = isolation }
                if let features = override.upcomingFeatures {
                    target.nonisolatedNonsendingByDefault = false
                    target.inferIsolatedConformances = false
                    features.forEach { target.enable(feature: $0) }
                }
                target.origin = origin
                targets[position] = target
            }
        }
        return ProjectSettings(targets: targets, notes: notes)
    }

    /// The nearest `Package.swift` above each file.
    private static func manifestPaths(above files: [String]) -> Set<String> {
        var manifestOf: [String: String?] = [:]
        var found: Set<String> = []
        for file in files {
            var directory = (LintConfiguration.absolute(file) as NSString).deletingLastPathComponent
            var visited: [String] = []
            var manifest: String?
            while true {
                if let known = manifestOf[directory] {
                    manifest = known
                    break
                }
                visited.append(directory)
                let candidate = (directory as NSString).appendingPathComponent("Package.swift")
                if FileManager.default.fileExists(atPath: candidate) {
                    manifest = candidate
                    break
                }
                let parent = (directory as NSString).deletingLastPathComponent
                if parent == directory || parent.isEmpty { break }
                directory = parent
            }
            for directory in visited { manifestOf[directory] = .some(manifest) }
            if let manifest { found.insert(manifest) }
        }
        return found
    }
}

/// Why `swift package dump-package` gave no JSON.
private struct DumpFailure: Error {
    let reason: String
}

/// Why a manifest's settings could not be read.
struct ManifestFailure: Error, CustomStringConvertible {
    let manifest: String
    let reason: String
    var description: String { "\(manifest): settings not read (\(reason)); findings there are explained without them" }
}

/// Reads one package's targets with `swift package dump-package`.
///
/// ```swift
/// let targets = try PackageManifest.targets(of: "/p/Package.swift").get()
/// ```
enum PackageManifest {
    /// Manifests read in this process, by path and modification date: a
    /// manifest runs once however often it is linted (the tests, `--fix`'s rounds).
    private static let cache = Mutex<[String: (modified: Date, result: Result<[TargetSettings], ManifestFailure>)]>([:])

    /// The targets `manifest` declares, with their settings.
    static func targets(of manifest: String) -> Result<[TargetSettings], ManifestFailure> {
        let modified = (try? FileManager.default.attributesOfItem(atPath: manifest)[.modificationDate] as? Date) ?? .distantPast
        if let cached = cache.withLock({ $0[manifest] }), cached.modified == modified { return cached.result }
        let result = readTargets(of: manifest)
        cache.withLock { $0[manifest] = (modified, result) }
        return result
    }

    private static func readTargets(of manifest: String) -> Result<[TargetSettings], ManifestFailure> {
        let root = (manifest as NSString).deletingLastPathComponent
        switch dump(root).mapError({ ManifestFailure(manifest: manifest, reason: $0.reason) }) {
        case .failure(let failure): return .failure(failure)
        case .success(let data):
            guard let parsed = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                return .failure(ManifestFailure(manifest: manifest, reason: "dump-package printed no JSON object"))
            }
            return .success(targets(in: parsed, root: root, manifest: manifest))
        }
    }

    /// The targets of a `dump-package` JSON object.
    static func targets(in package: [String: Any], root: String, manifest: String) -> [TargetSettings] {
        // The package's mode: the newest listed (what SwiftPM builds with),
        // else what the tools version implies.
        let tools = ((package["toolsVersion"] as? [String: Any])?["_version"] as? String) ?? "5"
        let listed = (package["swiftLanguageVersions"] as? [String]) ?? []
        let packageMode = listed.compactMap(languageMode).max() ?? ((Int(tools.prefix { $0 != "." }) ?? 5) >= 6 ? "6" : "5")
        var result: [TargetSettings] = []
        for case let target as [String: Any] in (package["targets"] as? [Any]) ?? [] {
            guard let name = target["name"] as? String else { continue }
            let type = target["type"] as? String ?? "regular"
            guard ["regular", "executable", "test", "macro", "plugin"].contains(type) else { continue }
            let directory: String
            if let path = target["path"] as? String {
                directory = LintConfiguration.absolute((root as NSString).appendingPathComponent(path))
            } else {
                let folders = type == "test" ? ["Tests"] : ["Sources", "Source", "src", "srcs"]
                let existing = folders.map { (root as NSString).appendingPathComponent("\($0)/\(name)") }
                    .first { FileManager.default.fileExists(atPath: $0) }
                directory = LintConfiguration.absolute(existing ?? (root as NSString).appendingPathComponent("\(folders[0])/\(name)"))
            }
            var settings = TargetSettings(name: name, directory: directory, origin: manifest)
            settings.languageMode = packageMode
            for case let setting as [String: Any] in (target["settings"] as? [Any]) ?? [] {
                guard setting["tool"] as? String == "swift", let kind = setting["kind"] as? [String: Any] else { continue }
                apply(kind, to: &settings)
            }
            result.append(settings)
        }
        return result
    }

    /// Applies one `swiftSettings` entry as dump-package writes it
    /// (`{"defaultIsolation": {"_0": "MainActor"}}`).
    private static func apply(_ kind: [String: Any], to settings: inout TargetSettings) {
        for (key, value) in kind {
            let argument = (value as? [String: Any])?["_0"]
            switch key {
            case "swiftLanguageMode", "swiftLanguageVersion":
                if let mode = (argument as? String).flatMap(languageMode) { settings.languageMode = mode }
            case "defaultIsolation":
                if let text = argument as? String, let isolation = TargetSettings.DefaultIsolation(rawValue: text) {
                    settings.defaultIsolation = isolation
                }
            case "enableUpcomingFeature":
                if let feature = argument as? String { settings.enable(feature: feature) }
            case "unsafeFlags":
                applyFlags(((argument as? [String]) ?? []).filter { $0 != "-Xfrontend" }, to: &settings)
            default:
                break
            }
        }
    }

    /// Reads `-default-isolation MainActor`, `-enable-upcoming-feature F`
    /// and `-swift-version N` from unsafe flags.
    private static func applyFlags(_ flags: [String], to settings: inout TargetSettings) {
        for (position, flag) in flags.enumerated() where position + 1 < flags.count {
            let next = flags[position + 1]
            switch flag {
            case "-default-isolation":
                if let isolation = TargetSettings.DefaultIsolation(rawValue: next) { settings.defaultIsolation = isolation }
            case "-enable-upcoming-feature": settings.enable(feature: next)
            case "-swift-version": if let mode = languageMode(next) { settings.languageMode = mode }
            default: break
            }
        }
    }

    /// "5", "6" from "5", "5.10", "6", "v6"; nil for what lint does not know (4).
    private static func languageMode(_ text: String) -> String? {
        let major = text.drop { $0 == "v" }.prefix { $0.isNumber }
        return ["5", "6"].contains(String(major)) ? String(major) : nil
    }

    /// The output of `swift package dump-package` in `root`, or why none.
    /// Lint runs synchronously (also on Swift Testing's threads), so this
    /// waits on Foundation's `Process` rather than the probe's async
    /// `ChildProcess`.
    private static func dump(_ root: String) -> Result<Data, DumpFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the package's `.build` is locked while
        // it builds or runs its tests, and dump-package would wait for it.
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("isolation-lint-manifest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        process.arguments = ["swift", "package", "--scratch-path", scratch, "dump-package", "--package-path", root]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(DumpFailure(reason: "cannot start `swift package dump-package`: \(error.localizedDescription)"))
        }
        let timer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + ProjectSettings.dumpTimeLimit, execute: timer)
        // Read both pipes to their end before waiting, so a full pipe cannot stall the child.
        let errorData = Mutex(Data())
        let errorReader = DispatchWorkItem { errorData.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() } }
        DispatchQueue.global().async(execute: errorReader)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        errorReader.wait()
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            if process.terminationReason == .uncaughtSignal {
                return .failure(DumpFailure(reason: "`swift package dump-package` stopped after \(Int(ProjectSettings.dumpTimeLimit)) s or by a signal"))
            }
            if process.terminationStatus == 127 { return .failure(DumpFailure(reason: "no Swift toolchain in PATH")) }
            let message = errorData.withLock { String(decoding: $0, as: UTF8.self) }
                .split(separator: "\n").first { $0.contains("error") }.map(String.init)
            return .failure(DumpFailure(reason: "`swift package dump-package` exited \(process.terminationStatus)" + (message.map { ": \($0)" } ?? "")))
        }
        return .success(data)
    }
}
