/// What happened when a case was compiled and run.
///
/// ```swift
/// Outcome(rawValue: "isolation-trap")  // .isolationTrap
/// ```
package enum Outcome: String, Sendable, Codable, CaseIterable {
    /// The program stopped in the runtime's actor-isolation check.
    case isolationTrap = "isolation-trap"
    /// The program stopped (signal or non-zero exit) for another reason.
    case otherTrap = "other-trap"
    /// `swiftc` rejected the program.
    case compileError = "compile-error"
    /// The program exited with status 0 and no sanitizer report.
    case clean
    /// ThreadSanitizer reported a data race.
    case dataRace = "data-race"
    /// The program did not finish within the case's time limit and was killed.
    case timeout
    /// The program wrote more output than the probe accepts and was killed.
    case flood

    /// A short cell for the matrix table.
    package var shortLabel: String {
        switch self {
        case .isolationTrap: "TRAP"
        case .otherTrap: "trap?"
        case .compileError: "ERROR"
        case .clean: "clean"
        case .dataRace: "RACE"
        case .timeout: "hang"
        case .flood: "flood"
        }
    }
}

/// A case's stated expectation for one configuration: an outcome and whether
/// the compiler should warn.
///
/// Written in manifests as `"clean"` or `"isolation-trap+warning"`. Without
/// `+warning`, the expectation is that the compiler prints no warning.
///
/// ```swift
/// let expected = try Expectation(parsing: "isolation-trap+warning")
/// expected.outcome    // .isolationTrap
/// expected.warns      // true
/// ```
package struct Expectation: Hashable, Sendable, Codable, CustomStringConvertible {
    package var outcome: Outcome
    package var warns: Bool

    package init(outcome: Outcome, warns: Bool = false) {
        self.outcome = outcome
        self.warns = warns
    }

    package struct ParseError: Error, CustomStringConvertible {
        package var text: String
        package var description: String {
            "bad expectation '\(text)': write one of \(Outcome.allCases.map(\.rawValue).joined(separator: ", ")), optionally followed by '+warning'"
        }
    }

    package init(parsing text: String) throws(ParseError) {
        let warns = text.hasSuffix("+warning")
        let outcomeText = warns ? String(text.dropLast("+warning".count)) : text
        guard let outcome = Outcome(rawValue: outcomeText) else { throw ParseError(text: text) }
        self.init(outcome: outcome, warns: warns)
    }

    package var description: String { outcome.rawValue + (warns ? "+warning" : "") }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
