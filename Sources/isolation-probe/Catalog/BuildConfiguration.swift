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
struct BuildConfiguration: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// Language mode and checking level, without the run-time checks flag.
    enum Mode: String, Sendable, Codable, CaseIterable {
        case swift5 = "5"
        case swift5Strict = "5-strict"
        case swift6 = "6"

        var flags: [String] {
            switch self {
            case .swift5: ["-swift-version", "5"]
            case .swift5Strict: ["-swift-version", "5", "-strict-concurrency=complete"]
            case .swift6: ["-swift-version", "6"]
            }
        }
    }

    var mode: Mode
    /// `-enable-actor-data-race-checks`.
    var runtimeChecks: Bool

    /// Every configuration, in the matrix's column order.
    static let all: [BuildConfiguration] = Mode.allCases.flatMap { mode in
        [BuildConfiguration(mode: mode, runtimeChecks: false), BuildConfiguration(mode: mode, runtimeChecks: true)]
    }

    init(mode: Mode, runtimeChecks: Bool) {
        self.mode = mode
        self.runtimeChecks = runtimeChecks
    }

    /// Parses an id such as `6`, `6+checks`, `5-strict`, `5-strict+checks`.
    init?(id: String) {
        let checks = id.hasSuffix("+checks")
        let modeID = checks ? String(id.dropLast("+checks".count)) : id
        guard let mode = Mode(rawValue: modeID) else { return nil }
        self.init(mode: mode, runtimeChecks: checks)
    }

    /// The short id used in manifests, on the command line and in reports.
    var id: String { mode.rawValue + (runtimeChecks ? "+checks" : "") }

    var description: String { id }

    /// The flags this configuration adds to a `swiftc` invocation.
    var swiftcFlags: [String] {
        mode.flags + (runtimeChecks ? ["-enable-actor-data-race-checks"] : [])
    }

    /// A longer human label, e.g. `-swift-version 5 -strict-concurrency=complete`.
    var flagSummary: String { swiftcFlags.joined(separator: " ") }

    static func < (lhs: Self, rhs: Self) -> Bool {
        all.firstIndex(of: lhs)! < all.firstIndex(of: rhs)!
    }

    init(from decoder: any Decoder) throws {
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

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }

    static var allIDs: String { all.map(\.id).joined(separator: ", ") }
}
