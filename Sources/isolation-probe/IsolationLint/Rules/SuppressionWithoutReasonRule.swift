/// `suppression-without-reason`: an `isolation-probe:ignore` comment with no
/// reason after `--`. Reported by the suppression pass (`SuppressionFilter`);
/// the suppression still applies.
enum SuppressionWithoutReasonRule: LintRuleDefinition {
    static let description = LintRuleDescription(
        id: "suppression-without-reason",
        helpLine: "an isolation-probe:ignore comment gives no reason",
        summary: "An isolation-probe:ignore comment gives no reason.",
        rationale: "Suppressions must say why the finding does not apply, so reviewers can judge them.",
        isSuppressible: false,
        triggeringExamples: [
            LintExample("""
                final class Logger: @unchecked Sendable {
                    ↓// isolation-probe:ignore unchecked-sendable-stored-closure
                    var onMessage: (String) -> Void = { _ in }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("""
                final class Logger: @unchecked Sendable {
                    // isolation-probe:ignore unchecked-sendable-stored-closure -- set once in main() before any thread starts
                    var onMessage: (String) -> Void = { _ in }
                }
                """),
        ])
}

extension LintRule {
    /// `suppression-without-reason`: see `SuppressionWithoutReasonRule`.
    package static let suppressionWithoutReason = LintRule(SuppressionWithoutReasonRule.self)
}
