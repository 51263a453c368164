import SwiftSyntax

/// A finding before suppression comments are applied, with the lines on
/// which an `isolation-probe:ignore` comment silences it.
///
/// ```swift
/// let candidate = LintCandidate(
///     rule: .uncheckedSendableStoredClosure, at: binding.pattern, in: source,
///     message: "…", fix: "…")
/// print(candidate.suppressionLines)  // e.g. 3...4: a doc comment and the property
/// ```
struct LintCandidate {
    var finding: LintFinding
    var suppressionLines: ClosedRange<Int>

    /// Builds a candidate located at `node` in `source`.
    init(rule: LintRule, at node: some SyntaxProtocol, in source: ParsedSource, message: String, fix: String) {
        let location = source.location(of: node)
        self.finding = LintFinding(
            rule: rule, file: source.path, line: location.line, column: location.column,
            message: message, fix: fix)
        self.suppressionLines = source.suppressionLines(for: node)
    }
}
