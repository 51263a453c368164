/// A rule `isolation-probe lint` checks, by its stable id, with the text a
/// finding carries. The rule types in `Rules/` describe themselves; this is
/// the value findings, configuration and suppressions refer to them by.
///
/// Rule ids are stable: they appear in suppression comments, JSON and SARIF.
///
/// ```swift
/// let rule = LintRule(rawValue: "unchecked-sendable-stored-closure")
/// print(rule?.summary ?? "unknown rule")
/// ```
package struct LintRule: RawRepresentable, CaseIterable, Hashable, Codable, Sendable {
    /// The rule's id.
    package let rawValue: String
    private let details: LintRuleDescription

    /// The rule with this id, or nil for an unknown id.
    package init?(rawValue: String) {
        guard let rule = LintRules.all.first(where: { $0.description.id == rawValue }) else { return nil }
        self.init(rule)
    }

    /// The rule `type` describes.
    init(_ type: any LintRuleDefinition.Type) {
        self.rawValue = type.description.id
        self.details = type.description
    }

    /// Every rule, in the order of `LintRules.all`.
    package static var allCases: [LintRule] { LintRules.all.map { LintRule($0) } }

    /// Whether an `isolation-probe:ignore` comment may silence this rule.
    /// Findings about suppressions themselves cannot be suppressed.
    var isSuppressible: Bool { details.isSuppressible }

    /// The severity when the configuration does not set one.
    var defaultSeverity: LintConfiguration.Severity { details.defaultSeverity }

    /// One line saying what the rule finds.
    package var summary: String { details.summary }

    /// Why the pattern fails at run time; shown in SARIF rule help.
    package var rationale: String { details.rationale }

    /// Rules are the same when their ids are.
    package static func == (lhs: LintRule, rhs: LintRule) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the id.
    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Decodes the id; an unknown id is an error that names it.
    package init(from decoder: any Decoder) throws {
        let id = try decoder.singleValueContainer().decode(String.self)
        guard let rule = LintRule(rawValue: id) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown lint rule \"\(id)\""))
        }
        self = rule
    }

    /// Encodes the id alone, as a string.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
