/// `suppression-unknown-rule`: an `isolation-probe:ignore` comment naming no
/// rule, or one that does not exist or cannot be suppressed. Reported by the
/// suppression pass (`SuppressionFilter`).
enum SuppressionUnknownRuleRule: LintRuleDefinition {
    static let description = LintRuleDescription(
        id: "suppression-unknown-rule",
        helpLine: "an isolation-probe:ignore comment names no known rule",
        summary: "An isolation-probe:ignore comment names no known rule.",
        rationale: "A misspelt rule id would silently suppress nothing.",
        isSuppressible: false,
        triggeringExamples: [
            LintExample("""
                final class Logger: @unchecked Sendable {
                    ↓// isolation-probe:ignore unchecked-stored-closure -- set once before any thread starts
                    var onMessage: (String) -> Void = { _ in }
                }
                """),
            LintExample("""
                ↓// isolation-probe:ignore
                let answer = 42
                """),
        ],
        nonTriggeringExamples: [
            LintExample("""
                /// Doc comments are documentation, not suppressions:
                /// // isolation-probe:ignore no-such-rule
                let answer = 42
                """),
        ])
}

extension LintRule {
    /// `suppression-unknown-rule`: see `SuppressionUnknownRuleRule`.
    package static let suppressionUnknownRule = LintRule(SuppressionUnknownRuleRule.self)
}
