/// One way of compiling a case program: a language mode, a concurrency
/// checking level, and whether the run-time actor data-race checks are on.
///
/// The six configurations form the compile matrix:
///
/// ```swift
/// BuildConfiguration(id: "5-strict+checks")?.swiftcFlags
/// // ["-swift-version", "5", "-strict-concurrency=complete",
/// //  "-enable-actor-data-race-checks"]
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

    /// Every configuration, in the matrix's column order.
    package static let all: [BuildConfiguration] = Mode.allCases.flatMap { mode in
        [BuildConfiguration(mode: mode, runtimeChecks: false), BuildConfiguration(mode: mode, runtimeChecks: true)]
    }

    package init(mode: Mode, runtimeChecks: Bool) {
        self.mode = mode
        self.runtimeChecks = runtimeChecks
    }

    /// Parses an id such as `6`, `6+checks`, `5-strict`, `5-strict+checks`.
    package init?(id: String) {
        let checks = id.hasSuffix("+checks")
        let modeID = checks ? String(id.dropLast("+checks".count)) : id
        guard let mode = Mode(rawValue: modeID) else { return nil }
        self.init(mode: mode, runtimeChecks: checks)
    }

    /// The short id used in manifests, on the command line and in reports.
    package var id: String { mode.rawValue + (runtimeChecks ? "+checks" : "") }

    package var description: String { id }

    /// The flags this configuration adds to a `swiftc` invocation.
    package var swiftcFlags: [String] {
        mode.flags + (runtimeChecks ? ["-enable-actor-data-race-checks"] : [])
    }

    /// A longer human label, e.g. `-swift-version 5 -strict-concurrency=complete`.
    package var flagSummary: String { swiftcFlags.joined(separator: " ") }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        all.firstIndex(of: lhs)! < all.firstIndex(of: rhs)!
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let id = try container.decode(String.self)
        guard let parsed = BuildConfiguration(id: id) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown configuration '\(id)'; known: \(BuildConfiguration.allIDs)"
            )
        }
        self = parsed
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }

    package static var allIDs: String { all.map(\.id).joined(separator: ", ") }
}
