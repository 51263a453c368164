import SwiftSyntax

/// A finding before suppression comments are applied, with the lines on
/// which an `isolation-probe:ignore` comment silences it, and the mechanical
/// fix for it when there is one.
///
/// ```swift
/// let candidate = LintCandidate(
///     rule: .uncheckedSendableStoredClosure, at: binding.pattern, in: source,
///     message: "…", fix: "…")
/// print(candidate.suppressionLines)  // e.g. [3...4, 1...1]: the property with its doc comment, its type
/// ```
struct LintCandidate {
    var finding: LintFinding
    /// The declaration's lines up to the finding, and the comment lines
    /// above each enclosing declaration.
    var suppressionLines: [ClosedRange<Int>]
    /// The function types to mark `@Sendable` to remove the finding; empty
    /// when the finding has no mechanical fix.
    var sendableFixes: [SendableFix] = []

    /// Builds a candidate located at `node` in `source`.
    init(
        rule: LintRule, at node: some SyntaxProtocol, in source: ParsedSource, message: String, fix: String,
        sendableFixes: [SendableFix] = []
    ) {
        let location = source.location(of: node)
        self.finding = LintFinding(
            rule: rule, file: source.path, line: location.line, column: location.column,
            message: message, fix: fix)
        self.suppressionLines = source.suppressionLines(for: node)
        self.sendableFixes = sendableFixes
        if Self.rulesWithReach.contains(rule) {
            (finding.reach, finding.reachReason) = LintReach.of(node)
        }
    }

    /// The rules whose findings are places a closure or value is stored,
    /// which someone has to put in.
    static let rulesWithReach: Set<LintRule> = [
        .uncheckedSendableStoredClosure, .uncheckedSendableGenericBox, .nonisolatedUnsafeMutableClosure, .uncheckedBoxOfClosure,
    ]

    /// A candidate for a finding made without a syntax node (one about a
    /// suppression comment); only a comment on its own line silences it.
    init(finding: LintFinding) {
        self.finding = finding
        self.suppressionLines = [finding.line...finding.line]
    }
}

/// One mechanical fix: write `@Sendable ` before a function type.
///
/// ```swift
/// let fix = SendableFix(file: "Sources/Log.swift", offset: 42, line: 3)
/// ```
struct SendableFix: Hashable {
    /// The file the function type is written in.
    let file: String
    /// UTF-8 offset of the function type's first character.
    let offset: Int
    /// 1-based line of that character.
    let line: Int
}
