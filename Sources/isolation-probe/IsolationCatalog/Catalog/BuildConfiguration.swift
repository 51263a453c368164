/// One way of compiling a case program: a language mode, a concurrency
/// checking level, whether the run-time actor data-race checks are on, and,
/// in the build-settings dimension, the Swift 6.2 settings (``BuildSettings``).
///
/// The six configurations without settings form the compile matrix:
///
/// ```swift
/// BuildConfiguration(id: "5-strict+checks")?.swiftcFlags
/// // ["-swift-version", "5", "-strict-concurrency=complete",
/// //  "-enable-actor-data-race-checks"]
/// BuildConfiguration(id: "6@DM+NN")?.settings?.programSettings
/// // [.defaultIsolationMainActor, .nonisolatedNonsendingByDefault]
/// ```
package struct BuildConfiguration: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// Language mode and checking level, without the run-time checks flag.
    package enum Mode: String, Sendable, Codable, CaseIterable {
        case swift5 = "5"
        case swift5Strict = "5-strict"
        case swift6 = "6"

        package var flags: [String] {
            switch self {
            case .swift5: ["-swift-version", "5"]
            case .swift5Strict: ["-swift-version", "5", "-strict-concurrency=complete"]
            case .swift6: ["-swift-version", "6"]
            }
        }
    }

    package var mode: Mode
    /// `-enable-actor-data-race-checks`.
    package var runtimeChecks: Bool
    /// The settings column; nil builds with the case's own flags.
    package var settings: BuildSettings?

    /// Every configuration, in the matrix's column order.
    package static let all: [BuildConfiguration] = Mode.allCases.flatMap { mode in
        [BuildConfiguration(mode: mode, runtimeChecks: false), BuildConfiguration(mode: mode, runtimeChecks: true)]
    }

    package init(mode: Mode, runtimeChecks: Bool, settings: BuildSettings? = nil) {
        self.mode = mode
        self.runtimeChecks = runtimeChecks
        self.settings = settings
    }

    /// Parses an id such as `6`, `6+checks`, `5-strict`, `5-strict+checks`,
    /// or one of those with a settings column: `6@plain`, `6+checks@DM+IIC`.
    package init?(id: String) {
        let parts = id.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var settings: BuildSettings?
        if parts.count == 2 {
            guard let parsed = BuildSettings(label: parts[1]) else { return nil }
            settings = parsed
        }
        let checks = parts[0].hasSuffix("+checks")
        let modeID = checks ? String(parts[0].dropLast("+checks".count)) : parts[0]
        guard let mode = Mode(rawValue: modeID) else { return nil }
        self.init(mode: mode, runtimeChecks: checks, settings: settings)
    }

    /// What is wrong with a configuration id, or nil when it parses.
    package static func idProblem(_ id: String) -> String? {
        if BuildConfiguration(id: id) != nil { return nil }
        let parts = id.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        if parts.count == 2, let problem = BuildSettings.parseProblem(parts[1]) { return "'\(id)': \(problem)" }
        return "unknown configuration '\(id)'; known: \(allIDs), each optionally followed by @ and settings (6@plain, 6+checks@DM+NN)"
    }

    /// The short id used in manifests, on the command line and in reports.
    package var id: String {
        mode.rawValue + (runtimeChecks ? "+checks" : "") + (settings.map { "@" + $0.label } ?? "")
    }

    /// The configuration without its settings column: one of ``all``.
    package var withoutSettings: BuildConfiguration { BuildConfiguration(mode: mode, runtimeChecks: runtimeChecks) }

    package var description: String { id }

    /// The flags this configuration adds to a `swiftc` invocation.
    package var swiftcFlags: [String] {
        mode.flags + (runtimeChecks ? ["-enable-actor-data-race-checks"] : [])
    }

    /// A longer human label, e.g. `-swift-version 5 -strict-concurrency=complete`;
    /// a settings column adds its settings' flags and modules' modes.
    package var flagSummary: String {
        guard let settings else { return swiftcFlags.joined(separator: " ") }
        let modules = settings.moduleModes.keys.sorted().map { "(\($0): -swift-version \(settings.moduleModes[$0]!))" }
        return (swiftcFlags + settings.programSettings.flatMap(\.compilerFlags) + modules).joined(separator: " ")
    }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        let left = all.firstIndex(of: lhs.withoutSettings)!, right = all.firstIndex(of: rhs.withoutSettings)!
        if left != right { return left < right }
        // The case's own flags, then no settings, then by label.
        func key(_ settings: BuildSettings?) -> (Int, String) {
            guard let settings else { return (0, "") }
            return settings.label == "plain" ? (1, "") : (2, settings.label)
        }
        return key(lhs.settings) < key(rhs.settings)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let id = try container.decode(String.self)
        guard let parsed = BuildConfiguration(id: id) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: BuildConfiguration.idProblem(id) ?? "unknown configuration '\(id)'")
        }
        self = parsed
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }

    package static var allIDs: String { all.map(\.id).joined(separator: ", ") }
}
