import Foundation

/// `lint --fix`: applies the insertions behind findings (`@Sendable ` before
/// the function types, `isolated ` before a `deinit`), and lints the result
/// again.
///
/// Each edit inserts text at a position swift-syntax located, so formatting
/// and comments are untouched and line numbers do not move. An alias used by
/// several members is edited once.
///
/// ```swift
/// let result = try LintFixer(engine: LintEngine()).fix(paths: ["Sources"])
/// for change in result.changes { print("\(change.file):\(change.line): fixed [\(change.rules[0].rawValue)]") }
/// for (file, text) in result.fixedTexts { try text.write(toFile: file, atomically: true, encoding: .utf8) }
/// ```
package struct LintFixer {
    /// One insertion.
    package struct Change: Sendable, Hashable {
        package var file: String
        package var line: Int
        /// The rules of the findings the edit removes.
        package var rules: [LintRule]
    }

    /// What fixing produced.
    package struct Result: Sendable {
        package var changes: [Change]
        /// The original text of each file that changed.
        package var originalTexts: [String: String]
        /// The new text of each file that changed.
        package var fixedTexts: [String: String]
        /// The findings left after fixing (those with no mechanical fix).
        package var report: LintReport

        /// The changes as a unified diff (`diff -u`; relative paths get `a/` and `b/`).
        package var unifiedDiff: String {
            originalTexts.keys.sorted().map { file in
                UnifiedDiff.render(old: originalTexts[file] ?? "", new: fixedTexts[file] ?? "", path: file)
            }.joined()
        }
    }

    /// Fixing stops after this many rounds; each round fixes what the last
    /// one revealed (a second box argument behind the first).
    private static let maximumRounds = 8

    let engine: LintEngine
    /// Findings this baseline accepts are left alone.
    var baseline: LintBaseline?

    package init(engine: LintEngine, baseline: LintBaseline? = nil) {
        self.engine = engine
        self.baseline = baseline
    }

    /// Fixes the files at `paths` in memory; the caller writes `fixedTexts`.
    package func fix(paths: [String]) throws -> Result {
        let start = ContinuousClock.now
        let (loaded, skipped) = try engine.load(paths: paths)
        let engine = engine.readingSettings(for: loaded)
        var sources = loaded
        var originals: [String: String] = [:]
        var texts: [String: String] = [:]
        var changes: [Change] = []
        for _ in 0..<Self.maximumRounds {
            var rulesByFix: [InsertionFix: Set<LintRule>] = [:]
            for candidate in fixableCandidates(sources, engine: engine) {
                for fix in candidate.insertions { rulesByFix[fix, default: []].insert(candidate.finding.rule) }
            }
            guard !rulesByFix.isEmpty else { break }
            var changedFiles: [String: String] = [:]
            for (file, fixes) in Dictionary(grouping: rulesByFix.keys, by: \.file) {
                guard let source = sources.first(where: { $0.path == file }) else { continue }
                let text = texts[file] ?? source.text
                if originals[file] == nil { originals[file] = text }
                var bytes = Array(text.utf8)
                // From the end, so earlier offsets stay valid.
                for fix in fixes.sorted(by: { $0.offset > $1.offset }) {
                    bytes.insert(contentsOf: Array(fix.text.utf8), at: fix.offset)
                    let rules = (rulesByFix[fix] ?? []).sorted { $0.rawValue < $1.rawValue }
                    changes.append(Change(file: file, line: fix.line, rules: rules))
                }
                changedFiles[file] = String(decoding: bytes, as: UTF8.self)
            }
            for (file, text) in changedFiles {
                texts[file] = text
                if let position = sources.firstIndex(where: { $0.path == file }) {
                    sources[position] = ParsedSource(path: file, text: text)
                }
            }
        }
        var report = engine.lint(sources: sources)
        report.skippedFiles = skipped
        if let baseline { report = baseline.applied(to: report) }
        report.seconds = LintEngine.seconds(ContinuousClock.now - start)
        return Result(
            changes: changes.sorted { ($0.file, $0.line) < ($1.file, $1.line) },
            originalTexts: originals, fixedTexts: texts, report: report)
    }

    /// Candidates with a mechanical fix that are reported: not suppressed,
    /// not accepted by the baseline.
    private func fixableCandidates(_ sources: [ParsedSource], engine: LintEngine) -> [LintCandidate] {
        let kept = engine.checkOnLargeStack(sources: sources).kept
        guard let baseline else { return kept.filter { !$0.insertions.isEmpty } }
        let probe = LintReport(filesScanned: 0, linesScanned: 0, seconds: 0, suppressedCount: 0, findings: kept.map(\.finding))
        var reported: [LintFinding: Int] = [:]
        for finding in baseline.applied(to: probe).findings { reported[finding, default: 0] += 1 }
        return kept.filter { candidate in
            guard !candidate.insertions.isEmpty, let count = reported[candidate.finding], count > 0 else { return false }
            reported[candidate.finding] = count - 1
            return true
        }
    }
}

/// A unified diff of two texts with the same number of lines, which is what
/// in-line insertions produce: changed lines pair up one for one.
///
/// ```swift
/// print(UnifiedDiff.render(old: "a\nb\n", new: "a\nc\n", path: "F.swift"))
/// ```
enum UnifiedDiff {
    static let context = 3

    static func render(old: String, new: String, path: String) -> String {
        // A final newline ends the last line rather than starting an empty one.
        func lines(_ text: String) -> [Substring] {
            let all = text.split(separator: "\n", omittingEmptySubsequences: false)
            return text.hasSuffix("\n") ? Array(all.dropLast()) : all
        }
        let before = lines(old)
        let after = lines(new)
        // `git apply` and `patch -p1` strip the a/ and b/ of relative paths;
        // absolute ones are written as they are, for `patch -p0`.
        let header = path.hasPrefix("/") ? "--- \(path)\n+++ \(path)\n" : "--- a/\(path)\n+++ b/\(path)\n"
        guard before.count == after.count else {
            // Not produced by `--fix`; show the whole file replaced.
            return header + "@@ -1,\(before.count) +1,\(after.count) @@\n"
                + before.map { "-\($0)\n" }.joined() + after.map { "+\($0)\n" }.joined()
        }
        let changed = before.indices.filter { before[$0] != after[$0] }
        guard !changed.isEmpty else { return "" }
        // Group changed lines whose context windows touch into one hunk.
        var hunks: [ClosedRange<Int>] = []
        for line in changed {
            let window = max(0, line - context)...min(before.count - 1, line + context)
            if let last = hunks.last, window.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...window.upperBound
            } else {
                hunks.append(window)
            }
        }
        var out = header
        for hunk in hunks {
            out += "@@ -\(hunk.lowerBound + 1),\(hunk.count) +\(hunk.lowerBound + 1),\(hunk.count) @@\n"
            for line in hunk {
                if before[line] == after[line] {
                    out += " \(before[line])\n"
                } else {
                    out += "-\(before[line])\n+\(after[line])\n"
                }
            }
        }
        return out
    }
}
