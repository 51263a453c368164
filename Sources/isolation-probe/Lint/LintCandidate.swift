import SwiftSyntax

/// A finding before suppression comments are applied, with the lines on
/// which an `isolation-probe:ignore` comment silences it.
///
/// ```swift
/// let candidate = LintCandidate(finding: finding, suppressionLines: 3...4)
/// print(candidate.suppressionLines.contains(3))  // true
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

    /// Wraps a finding that has no declaration to attach suppressions to.
    init(finding: LintFinding, suppressionLines: ClosedRange<Int>) {
        self.finding = finding
        self.suppressionLines = suppressionLines
    }
}
