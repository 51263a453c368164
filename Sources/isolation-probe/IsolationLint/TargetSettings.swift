import Dispatch
import Foundation
import ProbeSupport
import Synchronization

/// One target of the linted code where lint meets it on disk: the
/// target's concurrency settings as the probe reads them everywhere
/// (``TargetConcurrencySettings``: language mode, default isolation
/// (SE-0466), NonisolatedNonsendingByDefault (SE-0461) and
/// InferIsolatedConformances (SE-0470)), the absolute directory of its
/// sources, and the file the settings came from. Lint explains findings by them.
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

    /// The target's settings, as detect, triage and matrix read them too.
    package var concurrency: TargetConcurrencySettings
    /// The absolute directory holding the target's sources.
    package var directory: String
    /// The file the settings were read from (`Package.swift`, or `.isolation-probe.json` when overridden).
    package var origin: String

    /// A Swift 5 target with no setting on; with no package around it
    /// (a target only the configuration names) its path is its directory.
    package init(name: String, directory: String, origin: String) {
        self.init(TargetConcurrencySettings(target: name, path: directory, languageMode: "5", settings: []), directory: directory, origin: origin)
    }

    /// A target of a package, read by ``PackageConcurrencySettings``.
    package init(_ concurrency: TargetConcurrencySettings, directory: String, origin: String) {
        self.concurrency = concurrency
        self.directory = directory
        self.origin = origin
    }

    /// The target's name.
    package var name: String { concurrency.target }
    /// "5" or "6" (the language mode the target compiles in).
    package var languageMode: String {
        get { concurrency.languageMode }
        set { concurrency.languageMode = newValue }
    }
    package var defaultIsolation: DefaultIsolation {
        get { concurrency.has(.defaultIsolationMainActor) ? .mainActor : .nonisolated }
        set { concurrency.set(.defaultIsolationMainActor, newValue == .mainActor) }
    }
    /// Whether `nonisolated async` functions run on their caller's actor.
    package var nonisolatedNonsendingByDefault: Bool {
        get { concurrency.has(.nonisolatedNonsendingByDefault) }
        set { concurrency.set(.nonisolatedNonsendingByDefault, newValue) }
    }
    /// Whether a main-actor type's conformances are inferred main-actor isolated.
    package var inferIsolatedConformances: Bool {
        get { concurrency.has(.inferIsolatedConformances) }
        set { concurrency.set(.inferIsolatedConformances, newValue) }
    }

    /// "Swift 6, default isolation MainActor, NonisolatedNonsendingByDefault".
    package var summary: String {
        var parts = ["Swift \(languageMode)", "default isolation \(defaultIsolation.rawValue)"]
        if nonisolatedNonsendingByDefault { parts.append(ConcurrencySetting.nonisolatedNonsendingByDefault.name) }
        if inferIsolatedConformances { parts.append(ConcurrencySetting.inferIsolatedConformances.name) }
        return parts.joined(separator: ", ")
    }

    /// Whether unannotated code of the target is main-actor isolated.
    var isMainActorByDefault: Bool { defaultIsolation == .mainActor }

    /// The sentence a stored-closure finding adds in a default-MainActor
    /// target, or nil elsewhere.
    var mainActorClosureNote: String? {
        guard isMainActorByDefault else { return nil }
        return "In target `\(name)` (default isolation MainActor) an unannotated closure is main-actor isolated, "
            + "so every closure this module's code stores here without `@Sendable` or `nonisolated` is one."
    }

    // The report's JSON keeps one key per setting lint explains by.
    private enum CodingKeys: String, CodingKey {
        case name, directory, languageMode, defaultIsolation, nonisolatedNonsendingByDefault, inferIsolatedConformances, origin
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  directory: try container.decode(String.self, forKey: .directory),
                  origin: try container.decode(String.self, forKey: .origin))
        languageMode = try container.decode(String.self, forKey: .languageMode)
        defaultIsolation = try container.decode(DefaultIsolation.self, forKey: .defaultIsolation)
        nonisolatedNonsendingByDefault = try container.decode(Bool.self, forKey: .nonisolatedNonsendingByDefault)
        inferIsolatedConformances = try container.decode(Bool.self, forKey: .inferIsolatedConformances)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(directory, forKey: .directory)
        try container.encode(languageMode, forKey: .languageMode)
        try container.encode(defaultIsolation, forKey: .defaultIsolation)
        try container.encode(nonisolatedNonsendingByDefault, forKey: .nonisolatedNonsendingByDefault)
        try container.encode(inferIsolatedConformances, forKey: .inferIsolatedConformances)
        try container.encode(origin, forKey: .origin)
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
                    for feature in features {
                        if let setting = ConcurrencySetting.upcomingFeatures[feature] { target.concurrency.set(setting, true) }
                    }
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
        switch dump(root) {
        case .failure(let failure): return .failure(ManifestFailure(manifest: manifest, reason: failure.reason))
        case .success(let data): return targets(inDump: data, root: root, manifest: manifest)
        }
    }

    /// The targets of `swift package dump-package`'s output, read by the
    /// probe's one reader, placed under `root`.
    static func targets(inDump data: Data, root: String, manifest: String) -> Result<[TargetSettings], ManifestFailure> {
        do throws(PackageConcurrencySettings.Failure) {
            let package = try PackageConcurrencySettings(dumpPackageJSON: data, packagePath: root)
            return .success(package.targets.map {
                TargetSettings($0, directory: LintConfiguration.absolute((root as NSString).appendingPathComponent($0.path)), origin: manifest)
            })
        } catch {
            return .failure(ManifestFailure(manifest: manifest, reason: error.reason))
        }
    }

    /// The output of `swift package dump-package` in `root`, or why none.
    /// Lint runs synchronously (also on Swift Testing's threads) and
    /// IsolationLint does not depend on ProbeProcess, so this waits on
    /// Foundation's `Process` rather than the probe's async `ChildProcess`
    /// (`PackageConcurrencySettings.read(packageAt:)`, detect's and
    /// triage's runner); the command, its scratch path and its time limit
    /// are the ones ProbeSupport gives both.
    private static func dump(_ root: String) -> Result<Data, DumpFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let scratch = PackageConcurrencySettings.makeDumpScratchPath()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        process.arguments = ["swift"] + PackageConcurrencySettings.dumpPackageArguments(packagePath: root, scratchPath: scratch)
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
        DispatchQueue.global().asyncAfter(deadline: .now() + Double(PackageConcurrencySettings.dumpTimeLimitSeconds), execute: timer)
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
                return .failure(DumpFailure(reason: "`swift package dump-package` stopped after \(PackageConcurrencySettings.dumpTimeLimitSeconds) s or by a signal"))
            }
            if process.terminationStatus == 127 { return .failure(DumpFailure(reason: "no Swift toolchain in PATH")) }
            let message = errorData.withLock { String(decoding: $0, as: UTF8.self) }
                .split(separator: "\n").first { $0.contains("error") }.map(String.init)
            return .failure(DumpFailure(reason: "`swift package dump-package` exited \(process.terminationStatus)" + (message.map { ": \($0)" } ?? "")))
        }
        return .success(data)
    }
}
