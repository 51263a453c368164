import Foundation

/// A build setting of Swift 6.2 and later that decides whether isolated code
/// can reach the wrong executor, and whether the run-time check sees it.
/// The catalog's matrix, detect and triage name settings with these (one
/// table of spellings: the flag, the manifest's, the short label).
///
/// ```swift
/// ConcurrencySetting.defaultIsolationMainActor.compilerFlags  // ["-default-isolation", "MainActor"]
/// ConcurrencySetting(label: "NN")                             // .nonisolatedNonsendingByDefault
/// ```
package enum ConcurrencySetting: String, CaseIterable, Sendable, Codable, Hashable, Comparable {
    /// `-default-isolation MainActor`: unannotated code is main-actor isolated.
    case defaultIsolationMainActor = "default-isolation-mainactor"
    /// Nonisolated async functions run on their caller's actor.
    case nonisolatedNonsendingByDefault = "nonisolated-nonsending-by-default"
    /// Conformances of actor-isolated types are isolated conformances.
    case inferIsolatedConformances = "infer-isolated-conformances"
    /// `-enable-actor-data-race-checks`: a run-time check at the entry of
    /// every synchronous isolated function and closure.
    case dataRaceChecks = "data-race-checks"

    /// The short label of matrix columns and reports: `DM`, `NN`, `IIC`, `checks`.
    package var label: String {
        switch self {
        case .defaultIsolationMainActor: "DM"
        case .nonisolatedNonsendingByDefault: "NN"
        case .inferIsolatedConformances: "IIC"
        case .dataRaceChecks: "checks"
        }
    }

    /// The setting a short label names; nil for an unknown label.
    package init?(label: String) {
        guard let setting = Self.allCases.first(where: { $0.label == label }) else { return nil }
        self = setting
    }

    /// The setting's name in prose: `default isolation MainActor`, `NonisolatedNonsendingByDefault`.
    package var name: String {
        switch self {
        case .defaultIsolationMainActor: "default isolation MainActor"
        case .nonisolatedNonsendingByDefault: "NonisolatedNonsendingByDefault"
        case .inferIsolatedConformances: "InferIsolatedConformances"
        case .dataRaceChecks: "-enable-actor-data-race-checks"
        }
    }

    /// The flags that turn the setting on in a `swiftc` invocation.
    package var compilerFlags: [String] {
        switch self {
        case .defaultIsolationMainActor: ["-default-isolation", "MainActor"]
        case .nonisolatedNonsendingByDefault: ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]
        case .inferIsolatedConformances: ["-enable-upcoming-feature", "InferIsolatedConformances"]
        case .dataRaceChecks: ["-enable-actor-data-race-checks"]
        }
    }

    /// How a package manifest turns it on.
    package var manifestSpelling: String {
        switch self {
        case .defaultIsolationMainActor: ".defaultIsolation(MainActor.self)"
        case .nonisolatedNonsendingByDefault: ".enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")"
        case .inferIsolatedConformances: ".enableUpcomingFeature(\"InferIsolatedConformances\")"
        case .dataRaceChecks: ".unsafeFlags([\"-enable-actor-data-race-checks\"])"
        }
    }

    /// What the setting changes, in one clause.
    package var effect: String {
        switch self {
        case .defaultIsolationMainActor:
            "unannotated declarations, and the closures written in them, are main-actor isolated with no @MainActor written"
        case .nonisolatedNonsendingByDefault:
            "a nonisolated async function runs on its caller's actor instead of the global executor"
        case .inferIsolatedConformances:
            "a main-actor type's conformance is an isolated conformance, usable only on the main actor"
        case .dataRaceChecks:
            "every synchronous isolated function and closure checks its executor at entry"
        }
    }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Upcoming-feature names this type knows, by setting.
    package static let upcomingFeatures: [String: ConcurrencySetting] = [
        "NonisolatedNonsendingByDefault": .nonisolatedNonsendingByDefault,
        "InferIsolatedConformances": .inferIsolatedConformances,
    ]

    /// The language mode a version names: "5", "6" from "5", "5.10", "6",
    /// "v6"; nil for a mode the probe does not know (4, 4.2).
    package static func languageMode(_ version: String) -> String? {
        let major = String(version.drop { $0 == "v" }.prefix { $0.isNumber })
        return ["5", "6"].contains(major) ? major : nil
    }

    /// What a list of compiler flags (a manifest's `unsafeFlags`, or
    /// `-Xfrontend`-prefixed ones) turns on and off, and the language mode it sets.
    static func read(flags: [String]) -> (on: Set<ConcurrencySetting>, off: Set<ConcurrencySetting>, languageMode: String?) {
        let flags = flags.filter { $0 != "-Xfrontend" }
        var on: Set<ConcurrencySetting> = []
        var off: Set<ConcurrencySetting> = []
        var languageMode: String?
        func set(_ setting: ConcurrencySetting, _ enabled: Bool) {
            if enabled { on.insert(setting); off.remove(setting) } else { off.insert(setting); on.remove(setting) }
        }
        for (index, flag) in flags.enumerated() {
            let next = index + 1 < flags.count ? flags[index + 1] : nil
            switch flag {
            case "-enable-actor-data-race-checks": set(.dataRaceChecks, true)
            case "-default-isolation" where next == "MainActor", "-default-isolation=MainActor":
                set(.defaultIsolationMainActor, true)
            case "-default-isolation" where next == "nonisolated", "-default-isolation=nonisolated":
                set(.defaultIsolationMainActor, false)
            case "-enable-upcoming-feature":
                if let next, let setting = upcomingFeatures[next] { set(setting, true) }
            case "-swift-version": languageMode = next.flatMap(Self.languageMode) ?? languageMode
            default: break
            }
        }
        return (on, off, languageMode)
    }
}

/// One Swift target's concurrency settings, as its package manifest states
/// them: its language mode and the ``ConcurrencySetting``s it turns on.
///
/// ```swift
/// let app = settings.target(named: "App")
/// app?.languageMode                                // "6"
/// app?.settings.contains(.defaultIsolationMainActor)  // true
/// ```
package struct TargetConcurrencySettings: Sendable, Hashable, Codable {
    /// The target's name, which is its module's name.
    package var target: String
    /// Sources folder relative to the package (`Sources/<target>` unless the manifest says otherwise).
    package var path: String
    /// `5` or `6` (the language mode the target builds in).
    package var languageMode: String
    /// The settings the target turns on, in ``ConcurrencySetting`` order.
    package var settings: [ConcurrencySetting]

    package init(target: String, path: String, languageMode: String, settings: [ConcurrencySetting]) {
        self.target = target
        self.path = path
        self.languageMode = languageMode
        self.settings = settings
    }

    /// Whether the target turns `setting` on.
    package func has(_ setting: ConcurrencySetting) -> Bool { settings.contains(setting) }

    /// Turns `setting` on or off, keeping ``settings`` in order.
    package mutating func set(_ setting: ConcurrencySetting, _ enabled: Bool) {
        var all = Set(settings)
        if enabled { all.insert(setting) } else { all.remove(setting) }
        settings = all.sorted()
    }

    /// `App (Swift 6; DM, NN)`.
    package var summary: String {
        "\(target) (Swift \(languageMode)" + (settings.isEmpty ? ")" : "; " + settings.map(\.label).joined(separator: ", ") + ")")
    }
}

/// The concurrency settings of every Swift target of a package, read from
/// the JSON `swift package dump-package` prints. One reader for the whole
/// probe: detect and triage use it to say which setting made a violation
/// possible, lint to explain its findings by each target's settings.
///
/// Read: `swiftLanguageMode` (the tools version's default otherwise, or the
/// package's `swiftLanguageVersions`), `defaultIsolation`,
/// `enableUpcomingFeature` (not in `:migrate` mode), and `unsafeFlags`
/// carrying the same as compiler flags. Conditions (`.when(…)`) are ignored:
/// a setting on for one platform or configuration is on where it matters.
///
/// ```swift
/// let settings = try PackageConcurrencySettings(dumpPackageJSON: data, packagePath: ".")
/// settings.target(named: "App")?.summary   // "App (Swift 6; DM)"
/// ```
package struct PackageConcurrencySettings: Sendable, Hashable, Codable {
    /// Why the JSON could not be read as a package description.
    package struct Failure: Error, CustomStringConvertible, Equatable {
        package var packagePath: String
        package var reason: String

        package init(packagePath: String, reason: String) {
            self.packagePath = packagePath
            self.reason = reason
        }

        package var description: String { "cannot read the settings of the package at \(packagePath): \(reason)" }
    }

    package var packagePath: String
    package var targets: [TargetConcurrencySettings]

    package init(packagePath: String, targets: [TargetConcurrencySettings]) {
        self.packagePath = packagePath
        self.targets = targets
    }

    /// Parses `swift package dump-package`'s output. A target without a
    /// `path` gets the first of SwiftPM's folders (`Sources`, `Source`,
    /// `src`, `srcs`; `Tests` for a test target) that exists under
    /// `packagePath`, else the first.
    package init(dumpPackageJSON data: Data, packagePath: String) throws(Failure) {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw Failure(packagePath: packagePath, reason: "swift package dump-package did not print a JSON object")
        }
        guard let targets = root["targets"] as? [[String: Any]] else {
            throw Failure(packagePath: packagePath, reason: "the package description has no \"targets\" list")
        }
        let tools = ((root["toolsVersion"] as? [String: Any])?["_version"] as? String) ?? ""
        let packageModes = (root["swiftLanguageVersions"] as? [String]) ?? []
        // SwiftPM builds in the highest mode the package lists, else the
        // tools version's default: Swift 6 from tools version 6.0 on.
        let packageMode = packageModes.compactMap(ConcurrencySetting.languageMode).max()
            ?? ((Int(tools.prefix { $0.isNumber }) ?? 5) >= 6 ? "6" : "5")
        self.packagePath = packagePath
        self.targets = targets.compactMap { target -> TargetConcurrencySettings? in
            guard let name = target["name"] as? String else { return nil }
            let type = target["type"] as? String ?? "regular"
            // Binary, system-library and plugin targets have no Swift module settings.
            guard !["binary", "system", "plugin"].contains(type) else { return nil }
            var read = TargetConcurrencySettings(
                target: name, path: target["path"] as? String ?? Self.defaultPath(of: name, test: type == "test", in: packagePath),
                languageMode: packageMode, settings: [])
            for entry in target["settings"] as? [[String: Any]] ?? [] where (entry["tool"] as? String ?? "swift") == "swift" {
                for (key, value) in entry["kind"] as? [String: Any] ?? [:] {
                    read.apply(key, argument: (value as? [String: Any])?["_0"])
                }
            }
            return read
        }
    }

    /// `Sources/<name>` (or `Source`, `src`, `srcs` when that exists; `Tests/<name>` for a test target).
    private static func defaultPath(of name: String, test: Bool, in packagePath: String) -> String {
        let folders = test ? ["Tests"] : ["Sources", "Source", "src", "srcs"]
        let paths = folders.map { "\($0)/\(name)" }
        return paths.first { FileManager.default.fileExists(atPath: (packagePath as NSString).appendingPathComponent($0)) } ?? paths[0]
    }

    /// The target named `name`, or whose module is (the runtime's `#fileID`
    /// names the module: `my_app` for the target `my-app`).
    package func target(named name: String) -> TargetConcurrencySettings? {
        targets.first { $0.target == name }
            ?? targets.first { String($0.target.map { $0.isLetter || $0.isNumber ? $0 : "_" }) == name }
    }

    /// The target whose sources folder holds `file` (a path as a crash
    /// report or the compiler gives it, absolute or relative): the one
    /// whose `path` appears in it as whole folders, the longest first.
    package func target(containing file: String) -> TargetConcurrencySettings? {
        let folders = "/" + file
        return targets.filter { folders.contains("/" + $0.path.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/") }
            .max { $0.path.count < $1.path.count }
    }
}

extension PackageConcurrencySettings {
    /// How long one `swift package dump-package` may take: it compiles the
    /// manifest, and resolves nothing.
    package static let dumpTimeLimitSeconds = 300

    /// The arguments to `swift` that print the description of the package
    /// at `packagePath`. The scratch path is the caller's own (see
    /// ``makeDumpScratchPath()``): the package's `.build` is locked while
    /// it builds or runs its tests, and dump-package would wait for it.
    package static func dumpPackageArguments(packagePath: String, scratchPath: String) -> [String] {
        ["package", "--scratch-path", scratchPath, "dump-package", "--package-path", packagePath]
    }

    /// A new folder name in the temporary folder for one dump-package run;
    /// the runner removes it afterwards.
    package static func makeDumpScratchPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("isolation-probe-manifest-\(UUID().uuidString)").path
    }
}

extension TargetConcurrencySettings {
    /// Applies one `swiftSettings` entry as dump-package writes it
    /// (`{"defaultIsolation": {"_0": "MainActor"}}`). Conditions
    /// (`.when(…)`) are ignored; an upcoming feature in `:migrate` mode is
    /// not on.
    mutating func apply(_ key: String, argument: Any?) {
        switch key {
        case "swiftLanguageMode", "swiftLanguageVersion":
            if let mode = (argument as? String).flatMap(ConcurrencySetting.languageMode) { languageMode = mode }
        case "defaultIsolation":
            if let isolation = argument as? String, ["MainActor", "nonisolated"].contains(isolation) {
                set(.defaultIsolationMainActor, isolation == "MainActor")
            }
        case "enableUpcomingFeature":
            if let feature = argument as? String, let setting = ConcurrencySetting.upcomingFeatures[feature] { set(setting, true) }
        case "unsafeFlags":
            let read = ConcurrencySetting.read(flags: argument as? [String] ?? [])
            read.on.forEach { set($0, true) }
            read.off.forEach { set($0, false) }
            if let mode = read.languageMode { languageMode = mode }
        default: break
        }
    }
}

/// What stopped a program (or what the runtime logged), in the terms the
/// settings change: detect's violations and triage's traps map onto it.
package enum IsolationStopShape: Sendable, Hashable {
    /// A main-actor function or closure ran off the main thread.
    case mainActorCodeOffMain
    /// A protocol witness of an isolated conformance ran off its actor.
    case isolatedWitness
    /// `assumeIsolated` (or a precondition on the executor) failed.
    case executorAssumption
    /// Code isolated to another actor ran off it.
    case otherActorCode
}

/// One reason a target's settings made a stop possible: the setting (or
/// the language mode), and why, in a sentence.
///
/// ```swift
/// let reason = app.reasons(for: .mainActorCodeOffMain).first
/// reason?.title   // "default isolation MainActor (.defaultIsolation(MainActor.self))"
/// reason?.why     // "unannotated declarations, and the closures written in them, are main-actor isolated …"
/// ```
package struct SettingReason: Sendable, Hashable, Codable {
    /// The setting's short label (`DM`, `NN`, `IIC`, `checks`), `Swift 5` for the language mode, `no NN` for NN's absence.
    package var label: String
    /// The setting's name with its manifest spelling.
    package var title: String
    /// Why it made the stop possible.
    package var why: String
    /// Catalog cases that show it.
    package var caseIDs: [String]

    package init(label: String, title: String, why: String, caseIDs: [String]) {
        self.label = label
        self.title = title
        self.why = why
        self.caseIDs = caseIDs
    }

    /// The reasons any target could have for a stop of `shape`: what to look
    /// for in the build settings when they are not known.
    package static func candidates(for shape: IsolationStopShape) -> [SettingReason] {
        let all = TargetConcurrencySettings(target: "", path: "", languageMode: "5", settings: ConcurrencySetting.allCases)
        return all.reasons(for: shape, includingAbsent: false)
    }
}

extension TargetConcurrencySettings {
    /// The settings of this target that made a stop of `shape` possible,
    /// each with why; `includingAbsent` adds the absence of
    /// NonisolatedNonsendingByDefault, which is what makes an
    /// `assumeIsolated` under a nonisolated async function fail.
    package func reasons(for shape: IsolationStopShape, includingAbsent: Bool = true) -> [SettingReason] {
        let has = Set(settings)
        var reasons: [SettingReason] = []
        func add(_ setting: ConcurrencySetting, _ why: String, _ cases: [String]) {
            reasons.append(SettingReason(label: setting.label, title: "\(setting.name) (\(setting.manifestSpelling))", why: why, caseIDs: cases))
        }
        switch shape {
        case .mainActorCodeOffMain:
            if has.contains(.defaultIsolationMainActor) {
                add(.defaultIsolationMainActor, ConcurrencySetting.defaultIsolationMainActor.effect + ", so the code that ran off the main thread needed none written to be main-actor isolated", ["14a", "15a"])
            }
        case .isolatedWitness:
            if has.contains(.defaultIsolationMainActor) {
                add(.defaultIsolationMainActor, "a main-actor type's conformance to a nonisolated protocol is isolated under it (on Swift 6.3.1 even without InferIsolatedConformances), so its witness checks the main actor", ["17a", "18a"])
            }
            if has.contains(.inferIsolatedConformances) {
                add(.inferIsolatedConformances, ConcurrencySetting.inferIsolatedConformances.effect + "; the witness that ran off the main actor belongs to one", ["17a", "16a"])
            }
        case .executorAssumption:
            if has.contains(.nonisolatedNonsendingByDefault) {
                add(.nonisolatedNonsendingByDefault, ConcurrencySetting.nonisolatedNonsendingByDefault.effect + ": an assumeIsolated under one holds only while the caller is that actor, and fails from an @concurrent function or another caller; a dispatchPrecondition(.notOnQueue(.main)) there now fails", ["19b", "20a", "21a"])
            } else if includingAbsent {
                reasons.append(SettingReason(label: "no NN", title: "NonisolatedNonsendingByDefault off", why: "a nonisolated async function runs on the global executor whoever awaits it, so an assumeIsolated in code it calls fails", caseIDs: ["19a"]))
            }
        case .otherActorCode:
            break
        }
        if languageMode == "5", shape != .executorAssumption {
            reasons.append(SettingReason(label: "Swift 5", title: "Swift 5 language mode (.swiftLanguageMode(.v5))", why: "the compiler does not check what crosses threads here, so isolated code could reach another thread unnoticed", caseIDs: ["8b", "14a"]))
        }
        if has.contains(.dataRaceChecks), shape != .executorAssumption {
            add(.dataRaceChecks, ConcurrencySetting.dataRaceChecks.effect + "; that check is what caught it (built without it the code runs on the wrong thread unchecked)", ["15a", "16a"])
        }
        return reasons
    }

}
