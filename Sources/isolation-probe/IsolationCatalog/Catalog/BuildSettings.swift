import ProbeSupport

/// The matrix's build-settings dimension: the Swift 6.2 settings a column
/// builds the case program with, and the language mode of any of the case's
/// modules. Written after a configuration id and `@`, as manifests, the
/// command line and reports spell a column:
///
/// ```swift
/// BuildConfiguration(id: "6@plain")                       // Swift 6, none of the settings
/// BuildConfiguration(id: "6+checks@DM+IIC")               // default MainActor, inferred isolated conformances
/// BuildConfiguration(id: "6@DM+LegacyScheduler=6")        // and the case's LegacyScheduler module in Swift 6 mode
/// BuildSettings(label: "DM+NN")?.programSettings          // [.defaultIsolationMainActor, .nonisolatedNonsendingByDefault]
/// ```
///
/// A column states the program's settings exactly: the case's own
/// `extraFlags` for these settings are replaced, its other flags (a
/// sanitizer) kept. The data-race checks flag is the configuration's
/// `+checks`, not a setting here.
package struct BuildSettings: Hashable, Sendable {
    /// The settings of the case program's module, in ``ConcurrencySetting`` order.
    package var programSettings: [ConcurrencySetting]
    /// Language mode (`5` or `6`) by module name, replacing the
    /// `-swift-version` of that module's flags.
    package var moduleModes: [String: String]

    /// The settings the dimension varies in the program's module.
    package static let programChoices: [ConcurrencySetting] = [
        .defaultIsolationMainActor, .nonisolatedNonsendingByDefault, .inferIsolatedConformances,
    ]

    package init(programSettings: [ConcurrencySetting], moduleModes: [String: String] = [:]) {
        self.programSettings = Set(programSettings).sorted()
        self.moduleModes = moduleModes
    }

    /// Parses `plain`, `DM`, `DM+NN+IIC`, `DM+LegacyScheduler=6`; nil for
    /// anything else (``parseProblem(_:)`` says what).
    package init?(label: String) {
        guard Self.parseProblem(label) == nil else { return nil }
        var settings: [ConcurrencySetting] = []
        var modes: [String: String] = [:]
        for token in label.split(separator: "+").map(String.init) where token != "plain" {
            if let equals = token.firstIndex(of: "=") {
                modes[String(token[..<equals])] = String(token[token.index(after: equals)...])
            } else if let setting = ConcurrencySetting(label: token) {
                settings.append(setting)
            }
        }
        self.init(programSettings: settings, moduleModes: modes)
    }

    /// What is wrong with a settings label, or nil when it parses.
    package static func parseProblem(_ label: String) -> String? {
        let tokens = label.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if tokens == ["plain"] { return nil }
        var seen: Set<String> = []
        for token in tokens {
            if token == "checks" { return "the checks flag is the configuration's: write 6+checks@…, not …@checks" }
            if let equals = token.firstIndex(of: "=") {
                let module = token[..<equals], mode = token[token.index(after: equals)...]
                guard !module.isEmpty, mode == "5" || mode == "6" else {
                    return "'\(token)': a module's language mode is written Module=5 or Module=6"
                }
            } else if !programChoices.contains(where: { $0.label == token }) {
                return "unknown setting '\(token)'; known: plain, \(programChoices.map(\.label).joined(separator: ", ")), Module=5, Module=6"
            }
            if !seen.insert(token.split(separator: "=").first.map(String.init) ?? token).inserted {
                return "'\(token)' is written twice"
            }
        }
        return nil
    }

    /// `plain`, or the settings' labels then the modules' modes, joined by `+`.
    package var label: String {
        let tokens = programSettings.map(\.label) + moduleModes.keys.sorted().map { "\($0)=\(moduleModes[$0]!)" }
        return tokens.isEmpty ? "plain" : tokens.joined(separator: "+")
    }

    /// The program's flags: `extraFlags` without the settings this
    /// dimension varies, then the column's.
    package func programFlags(replacing extraFlags: [String]) -> [String] {
        Self.removingSettings(from: extraFlags) + programSettings.flatMap(\.compilerFlags)
    }

    /// A module's flags with its language mode replaced when the column sets one.
    package func moduleFlags(_ module: CaseManifest.Module) -> [String] {
        let flags = module.flags ?? []
        guard let mode = moduleModes[module.name] else { return flags }
        var kept: [String] = []
        var index = 0
        while index < flags.count {
            if flags[index] == "-swift-version" { index += 2; continue }
            kept.append(flags[index])
            index += 1
        }
        return kept + ["-swift-version", mode]
    }

    /// `flags` without `-default-isolation X` and the upcoming features this
    /// dimension varies.
    static func removingSettings(from flags: [String]) -> [String] {
        let varied = Set(programChoices.map { $0.compilerFlags.last! })
        var kept: [String] = []
        var index = 0
        while index < flags.count {
            let next = index + 1 < flags.count ? flags[index + 1] : nil
            if flags[index] == "-default-isolation" || (flags[index] == "-enable-upcoming-feature" && next.map(varied.contains) == true) {
                index += 2
                continue
            }
            kept.append(flags[index])
            index += 1
        }
        return kept
    }
}
