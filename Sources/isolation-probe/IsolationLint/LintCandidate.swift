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
    /// The insertions that remove the finding (`@Sendable ` before function
    /// types, `isolated ` before a `deinit`); empty when it has no mechanical fix.
    var insertions: [InsertionFix] = []

    /// Builds a candidate located at `node` in `source`.
    init(
        rule: LintRule, at node: some SyntaxProtocol, in source: ParsedSource, message: String, fix: String,
        insertions: [InsertionFix] = []
    ) {
        let location = source.location(of: node)
        self.finding = LintFinding(
            rule: rule, file: source.path, line: location.line, column: location.column,
            message: message, fix: fix)
        self.suppressionLines = source.suppressionLines(for: node)
        self.insertions = insertions
        if Self.rulesWithReach.contains(rule) {
            (finding.reach, finding.reachReason) = LintReach.of(node)
        }
    }

    /// The rules whose findings are places a closure or value is stored,
    /// which someone has to put in.
    static let rulesWithReach: Set<LintRule> = [
        .uncheckedSendableStoredClosure, .uncheckedSendableGenericBox, .nonisolatedUnsafeMutableClosure, .uncheckedBoxOfClosure,
        .uncheckedHolderOfIsolatedConformance, .nonisolatedUnsafeReplaceableFunction,
    ]

    /// A candidate for a finding made without a syntax node (one about a
    /// suppression comment); only a comment on its own line silences it.
    init(finding: LintFinding) {
        self.finding = finding
        self.suppressionLines = [finding.line...finding.line]
    }
}

/// One mechanical fix: text written at a position, e.g. `@Sendable ` before
/// a function type, or `isolated ` before `deinit`.
///
/// ```swift
/// let fix = InsertionFix(file: "Sources/Log.swift", offset: 42, line: 3)  // writes `@Sendable `
/// ```
struct InsertionFix: Hashable {
    /// The file the edit is in.
    let file: String
    /// UTF-8 offset of the character the text goes before.
    let offset: Int
    /// 1-based line of that character.
    let line: Int
    /// The text inserted.
    var text = "@Sendable "
}
