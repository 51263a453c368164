/// `suppression-unused`: an `isolation-probe:ignore` comment that silenced
/// no finding. Reported by the suppression pass (`SuppressionFilter`).
enum SuppressionUnusedRule: LintRuleDefinition {
    static let description = LintRuleDescription(
        id: "suppression-unused",
        helpLine: "an isolation-probe:ignore comment suppresses nothing",
        summary: "An isolation-probe:ignore comment suppresses nothing.",
        rationale: "A stale suppression hides the next real finding on that line.",
        isSuppressible: false,
        triggeringExamples: [
            LintExample("""
                ↓// isolation-probe:ignore unchecked-sendable-stored-closure -- nothing here stores a closure
                let answer = 42
                """),
        ],
        nonTriggeringExamples: [
            LintExample("""
                final class Logger: @unchecked Sendable {
                    var onMessage: (String) -> Void = { _ in }  // isolation-probe:ignore unchecked-sendable-stored-closure -- set once before any thread starts
                }
                """),
        ])
}

extension LintRule {
    /// `suppression-unused`: see `SuppressionUnusedRule`.
    package static let suppressionUnused = LintRule(SuppressionUnusedRule.self)
}
