/// One problem `isolation-probe lint` found, with where it is and how to fix it.
///
/// Lines and columns are 1-based, as compilers print them.
///
/// ```swift
/// let finding = LintFinding(
///     rule: .nonisolatedUnsafeMutableClosure, file: "Sources/App/Log.swift",
///     line: 3, column: 35, message: "…", fix: "…")
/// print(finding.file, finding.line)
/// ```
package struct LintFinding: Codable, Sendable, Hashable {
    /// The rule that produced the finding.
    package var rule: LintRule
    /// The path of the file, as the linter was given it (or found it).
    package var file: String
    /// 1-based line of the construct the finding is about.
    package var line: Int
    /// 1-based column of that construct.
    package var column: Int
    /// What is wrong, naming the declaration.
    package var message: String
    /// The change that removes the problem.
    package var fix: String
    /// The flagged line's code, its tokens joined by single spaces (comments
    /// and layout dropped): with the rule and file, the key a baseline
    /// matches findings by, so inserting lines elsewhere changes nothing.
    package var lineText: String = ""
    /// `warning`, or `error` when the configuration says so.
    package var severity: LintConfiguration.Severity = .warning
    /// For a loophole that stores a closure or value: whether code outside
    /// the module can put a non-Sendable closure in (nil for the other rules).
    package var reach: LintReach?
    /// The public API that makes it exploitable, or why it is latent.
    package var reachReason: String?
    /// The target holding the file, when its settings were read (the
    /// report's `targets` lists them).
    package var target: String?

    private enum CodingKeys: String, CodingKey {
        case rule = "ruleId", file, line, column, message, fix, lineText, severity, reach, reachReason, target
    }
}

extension LintFinding: Comparable {
    /// Findings sort by file, then position, then rule id, so output is stable.
    package static func < (lhs: LintFinding, rhs: LintFinding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.rule.rawValue)
            < (rhs.file, rhs.line, rhs.column, rhs.rule.rawValue)
    }
}
