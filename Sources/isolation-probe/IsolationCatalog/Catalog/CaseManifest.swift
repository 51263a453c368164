import Foundation

/// The `case.json` file in a case folder: what the program is, what it is
/// expected to do in each configuration, why, and how to fix it.
///
/// The format is documented in `Cases/README.md`. A minimal manifest:
///
/// ```json
/// {
///   "id": "unchecked-box",
///   "catalog": "1",
///   "title": "…",
///   "primary": "6+checks",
///   "expect": { "6": "clean", "6+checks": "isolation-trap" },
///   "explanation": "…",
///   "fix": "…"
/// }
/// ```
package struct CaseManifest: Codable, Sendable, Hashable {
    /// An extra module compiled before the case program and imported by it.
    package struct Module: Codable, Sendable, Hashable {
        /// The module name the program imports.
        package var name: String
        /// Folder (relative to the case folder) holding the module's `.swift` files.
        package var directory: String
        /// Flags for this module only, e.g. `["-swift-version", "5"]`. They do
        /// not change with the matrix configuration.
        package var flags: [String]?
    }

    /// Stable, lowercase, dash-separated id used on the command line.
    package var id: String
    /// The catalog item this case belongs to, e.g. `"1"` or `"8b"`.
    package var catalog: String
    /// One line saying what the program does.
    package var title: String
    /// The configuration the default report runs.
    package var primary: BuildConfiguration
    /// Expected outcome per configuration id (`5`, `5+checks`, `5-strict`,
    /// `5-strict+checks`, `6`, `6+checks`). A configuration left out is run
    /// but not judged. Ids with a settings column (`6@plain`, `6+checks@DM`;
    /// see ``BuildSettings``) declare the case's columns in the matrix's
    /// build-settings dimension.
    package var expect: [String: Expectation]
    /// The `.swift` files of the program, relative to the case folder.
    /// Default: every `.swift` file directly in the folder.
    package var sources: [String]?
    /// Modules compiled first and imported by the program.
    package var modules: [Module]?
    /// Package targets whose build products (in the probe's build directory)
    /// the program imports and links, in dependency order, e.g.
    /// `["SafeBox", "CPThreadShim"]`.
    package var links: [String]?
    /// Flags added to every configuration, e.g. `["-sanitize=thread"]`.
    package var extraFlags: [String]?
    /// Seconds before the child is killed and reported as `timeout`. Default 20.
    package var timeoutSeconds: Double?
    /// One paragraph: why the program behaves as it does.
    package var explanation: String
    /// One paragraph: what removes the failure.
    package var fix: String

    /// Expectation for `configuration`, or nil when the manifest does not state one.
    package func expectation(for configuration: BuildConfiguration) -> Expectation? {
        expect[configuration.id]
    }

    /// The build-settings columns the manifest states expectations for, in
    /// matrix order.
    package var settingsColumns: [BuildConfiguration] {
        expect.keys.compactMap(BuildConfiguration.init(id:)).filter { $0.settings != nil }.sorted()
    }

    /// Checks what JSON decoding cannot: known configuration ids, a stated
    /// primary expectation, a well-formed id.
    package func validate() throws(CatalogError) {
        let idCharacters = CharacterSet.lowercaseLetters.union(.decimalDigits).union(CharacterSet(charactersIn: "-"))
        if id.isEmpty || id.unicodeScalars.contains(where: { !idCharacters.contains($0) }) {
            throw .invalidManifest(id: id, reason: "id must be lowercase letters, digits and dashes")
        }
        for key in expect.keys.sorted() {
            if let problem = BuildConfiguration.idProblem(key) { throw .invalidManifest(id: id, reason: "in expect: \(problem)") }
        }
        let moduleNames = Set((modules ?? []).map(\.name))
        for column in settingsColumns {
            for module in column.settings!.moduleModes.keys.sorted() where !moduleNames.contains(module) {
                throw .invalidManifest(id: id, reason: "in expect: '\(column.id)' sets the mode of '\(module)', which is not one of the case's modules")
            }
        }
        if primary.settings != nil {
            throw .invalidManifest(id: id, reason: "the primary configuration is one of the six, without a settings column")
        }
        if expectation(for: primary) == nil {
            throw .invalidManifest(id: id, reason: "no expectation for the primary configuration '\(primary.id)'")
        }
        if let timeoutSeconds, !(timeoutSeconds > 0 && timeoutSeconds <= ProbeEngine.longestTimeoutSeconds) {
            throw .invalidManifest(id: id, reason: "timeoutSeconds must be positive and at most \(Int(ProbeEngine.longestTimeoutSeconds))")
        }
    }
}

/// Why a case folder could not be loaded or a case id not resolved.
package enum CatalogError: Error, CustomStringConvertible, Equatable {
    case missingDirectory(String)
    case unreadableManifest(path: String, reason: String)
    case invalidManifest(id: String, reason: String)
    case duplicateID(String)
    case unknownCase(String, known: [String])
    case noSources(id: String)
    case unwritableCache(String)

    package var description: String {
        switch self {
        case .missingDirectory(let path):
            "cases directory not found: \(path) (pass --cases-dir)"
        case .unreadableManifest(let path, let reason):
            "cannot read \(path): \(reason)"
        case .invalidManifest(let id, let reason):
            "case '\(id)': \(reason)"
        case .duplicateID(let id):
            "two case folders declare the id '\(id)'"
        case .unknownCase(let name, let known):
            "unknown case '\(name)'; known cases: \(known.joined(separator: ", ")) (or a catalog number such as 1 or 8b)"
        case .noSources(let id):
            "case '\(id)' has no .swift sources"
        case .unwritableCache(let reason):
            reason
        }
    }
}
