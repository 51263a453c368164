import Foundation
import SwiftSyntax

/// An `isolation-probe:ignore` comment.
///
/// Syntax, in a `//` or `/* */` comment (not a doc comment) on the flagged
/// line, or in the comments directly before the flagged declaration or
/// before a declaration that contains it (a type, extension or function:
/// the comment then covers that rule in all of it, members included):
///
/// ```swift
/// // isolation-probe:ignore unchecked-sendable-stored-closure -- only set before any thread starts
/// var onEvent: (String) -> Void
/// ```
///
/// Several rules may be listed, separated by commas without spaces. The reason after `--` is
/// required; without it the suppression still applies but is itself reported.
struct Suppression {
    static let marker = "isolation-probe:ignore"

    let file: String
    let line: Int
    let column: Int
    /// Rule ids as written (possibly unknown or empty).
    let ruleIDs: [String]
    /// The text after `--`, trimmed; empty if missing.
    let reason: String

    /// Known rules named by the comment.
    var rules: [LintRule] { ruleIDs.compactMap(LintRule.init(rawValue:)) }

    /// Every suppression comment in `source`.
    static func all(in source: ParsedSource) -> [Suppression] {
        var found: [Suppression] = []
        for token in source.tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position
            for piece in token.leadingTrivia.pieces {
                if let suppression = parse(piece, at: offset, in: source) { found.append(suppression) }
                offset += piece.sourceLength
            }
            offset = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia.pieces {
                if let suppression = parse(piece, at: offset, in: source) { found.append(suppression) }
                offset += piece.sourceLength
            }
        }
        return found
    }

    private static func parse(_ piece: TriviaPiece, at offset: AbsolutePosition, in source: ParsedSource) -> Suppression? {
        let text: String
        switch piece {
        // Doc comments are documentation: an example suppression in one is not live.
        case .lineComment(let comment), .blockComment(let comment): text = comment
        default: return nil
        }
        guard let markerRange = text.range(of: marker) else { return nil }
        var rest = Substring(text[markerRange.upperBound...])
        if rest.hasSuffix("*/") { rest = rest.dropLast(2) }
        // The marker must end there: `isolation-probe:ignored` is prose.
        if let next = rest.first, !next.isWhitespace { return nil }
        let parts = rest.split(separator: "--", maxSplits: 1, omittingEmptySubsequences: false)
        // The rule list is the first word (`rule-a,rule-b`); anything else
        // before `--` is not part of it.
        let firstWord = (parts.first ?? "").split(whereSeparator: \.isWhitespace).first ?? ""
        let ids = firstWord.split(separator: ",").map(String.init)
        let reason = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespacesAndNewlines) : ""
        let location = source.converter.location(for: offset)
        return Suppression(
            file: source.path, line: location.line, column: location.column, ruleIDs: ids, reason: reason)
    }
}

/// Applies suppression comments to candidates and reports misused comments.
///
/// ```swift
/// let result = SuppressionFilter.apply(candidates, suppressions: suppressions)
/// print(result.kept.count, result.suppressedCount)
/// ```
enum SuppressionFilter {
    static func apply(
        _ candidates: [LintCandidate], suppressions: [Suppression]
    ) -> (kept: [LintCandidate], suppressedCount: Int) {
        var used = Array(repeating: false, count: suppressions.count)
        var byFile: [String: [Int]] = [:]
        for (position, suppression) in suppressions.enumerated() { byFile[suppression.file, default: []].append(position) }

        var kept: [LintCandidate] = []
        var suppressedCount = 0
        for candidate in candidates {
            let finding = candidate.finding
            let match = (byFile[finding.file] ?? []).first { position in
                let suppression = suppressions[position]
                return finding.rule.isSuppressible && candidate.suppressionLines.contains { $0.contains(suppression.line) }
                    && suppression.rules.contains(finding.rule)
            }
            if let match {
                used[match] = true
                suppressedCount += 1
            } else {
                kept.append(candidate)
            }
        }

        let known = LintRule.allCases.filter(\.isSuppressible).map(\.rawValue).joined(separator: ", ")
        for (position, suppression) in suppressions.enumerated() {
            func report(_ rule: LintRule, _ message: String, _ fix: String) {
                kept.append(LintCandidate(finding: LintFinding(
                    rule: rule, file: suppression.file, line: suppression.line, column: suppression.column,
                    message: message, fix: fix)))
            }
            let unknown = suppression.ruleIDs.filter { id in LintRule(rawValue: id)?.isSuppressible != true }
            if suppression.ruleIDs.isEmpty || !unknown.isEmpty {
                let what = suppression.ruleIDs.isEmpty
                    ? "names no rule" : "names unknown rule(s) \(unknown.map { "`\($0)`" }.joined(separator: ", "))"
                report(.suppressionUnknownRule, "This isolation-probe:ignore comment \(what), so it suppresses nothing.",
                       "Write `// \(Suppression.marker) <rule-id> -- <reason>` with one of: \(known).")
                continue
            }
            if suppression.reason.isEmpty {
                report(.suppressionWithoutReason,
                       "This isolation-probe:ignore comment gives no reason for suppressing \(suppression.ruleIDs.joined(separator: ", ")).",
                       "Add why the finding does not apply after `--`: `// \(Suppression.marker) \(suppression.ruleIDs.joined(separator: ",")) -- <reason>`.")
            }
            if !used[position] {
                report(.suppressionUnused,
                       "This isolation-probe:ignore comment for \(suppression.ruleIDs.joined(separator: ", ")) matches no finding on its line or in the declaration after it, members included.",
                       "Delete the comment, or move it onto the flagged line or directly above the flagged declaration or its type.")
            }
        }
        return (kept, suppressedCount)
    }
}
