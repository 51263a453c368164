import Foundation
import ProbeSupport

/// The result of one `isolation-probe lint` run, renderable as text, JSON or SARIF.
///
/// ```swift
/// let report = try LintEngine().lint(paths: ["Sources"])
/// print(report.render(.text))
/// ```
package struct LintReport: Codable, Sendable {
    package var filesScanned: Int
    package var linesScanned: Int
    /// Wall-clock time spent reading, parsing and checking.
    package var seconds: Double
    /// Findings silenced by `isolation-probe:ignore` comments.
    package var suppressedCount: Int
    package var findings: [LintFinding]
    /// Files found but not linted, with why (unreadable, not UTF-8).
    package var skippedFiles: [SkippedFile] = []
    /// Findings left out because the baseline accepts them.
    package var baselinedCount = 0
    /// Baseline entries that matched fewer findings than they count: fixed
    /// since the baseline was written (informational).
    package var fixedBaselineEntries: [LintBaseline.Entry] = []
    /// The build settings of the targets holding the linted files, and why
    /// some could not be read.
    package var settings = ProjectSettings()

    /// A file the linter could not read.
    package struct SkippedFile: Codable, Sendable, Error {
        package var path: String
        package var reason: String
    }

    /// Whether a finding the configuration marks `error` remains.
    package var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// Lines checked per second of wall-clock time.
    package var linesPerSecond: Double { seconds > 0 ? Double(linesScanned) / seconds : 0 }

    /// Renders the report in `format`.
    package func render(_ format: ReportFormat) -> String {
        switch format {
        case .text: return renderText()
        case .json: return ReportJSON.encode(JSONForm(report: self))
        case .sarif: return ReportJSON.encode(sarif())
        }
    }

    private func renderText() -> String {
        var out = ""
        for finding in findings {
            out += "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) [\(finding.rule.rawValue)]\n"
            out += "    fix: \(finding.fix)\n"
            if let reach = finding.reach {
                out += "    reach: \(reach.rawValue)" + (finding.reachReason.map { " (\($0))" } ?? "") + "\n"
            }
        }
        // Targets with the plain settings (nonisolated, neither feature) go
        // to JSON and SARIF only.
        for target in settings.targets where target.isMainActorByDefault || target.nonisolatedNonsendingByDefault
            || target.inferIsolatedConformances
        {
            out += "isolation-probe lint: target \(target.name): \(target.summary) (from \(target.origin))\n"
        }
        out += notes()
        let rate = String(format: "%.0f", linesPerSecond)
        let time = String(format: "%.2f", seconds)
        out += "isolation-probe lint: \(findings.count) finding\(findings.count == 1 ? "" : "s")"
            + (suppressedCount > 0 ? " (\(suppressedCount) suppressed)" : "")
            + (baselinedCount > 0 ? " (\(baselinedCount) in baseline)" : "")
            + (skippedFiles.isEmpty ? "" : " (\(skippedFiles.count) unreadable skipped)")
            + " in \(filesScanned) file\(filesScanned == 1 ? "" : "s"), \(linesScanned) lines, \(time) s (\(rate) lines/s)\n"
        return out
    }

    /// Keeps the findings whose reach is at least `minimum` (a finding
    /// without one counts as latent), exploitable ones first, each kind in
    /// file and line order.
    ///
    /// ```swift
    /// report.rankByReach(keeping: .exploitable)
    /// ```
    package mutating func rankByReach(keeping minimum: LintReach = .latent) {
        let ranked = findings.filter { ($0.reach ?? .latent) >= minimum }
        findings = ranked.filter { $0.reach == .exploitable } + ranked.filter { $0.reach != .exploitable }
    }

    /// The skipped files and fixed baseline entries, one line each: the
    /// end of the text report, and what JSON and SARIF runs print on
    /// standard error.
    package func notes() -> String {
        var out = ""
        for note in settings.notes {
            out += "isolation-probe lint: note: \(note)\n"
        }
        for skipped in skippedFiles {
            out += "\(skipped.path): warning: skipped, \(skipped.reason)\n"
        }
        for entry in fixedBaselineEntries {
            out += "\(entry.file): note: baseline entry fixed (\(entry.count) fewer) [\(entry.rule)] \(entry.lineText)\n"
        }
        if !fixedBaselineEntries.isEmpty {
            let count = fixedBaselineEntries.count
            out += "isolation-probe lint: \(count) baseline " + (count == 1 ? "entry no longer matches" : "entries no longer match")
                + "; rewrite the baseline with --write-baseline to drop " + (count == 1 ? "it" : "them") + "\n"
        }
        return out
    }

    /// The JSON shape: the report plus a format version and the rate.
    private struct JSONForm: Encodable {
        let version = 1
        let tool = "isolation-probe lint"
        let report: LintReport

        enum CodingKeys: String, CodingKey {
            case version, tool, filesScanned, linesScanned, seconds, linesPerSecond, suppressedCount, findings
            case skippedFiles, baselinedCount, fixedBaselineEntries, targets, settingsNotes
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(tool, forKey: .tool)
            try container.encode(report.filesScanned, forKey: .filesScanned)
            try container.encode(report.linesScanned, forKey: .linesScanned)
            try container.encode(report.seconds, forKey: .seconds)
            try container.encode(report.linesPerSecond, forKey: .linesPerSecond)
            try container.encode(report.suppressedCount, forKey: .suppressedCount)
            try container.encode(report.findings, forKey: .findings)
            try container.encode(report.skippedFiles, forKey: .skippedFiles)
            try container.encode(report.baselinedCount, forKey: .baselinedCount)
            try container.encode(report.fixedBaselineEntries, forKey: .fixedBaselineEntries)
            try container.encode(report.settings.targets, forKey: .targets)
            try container.encode(report.settings.notes, forKey: .settingsNotes)
        }
    }

    private func sarif() -> SARIF.Log {
        let rules = LintRule.allCases.map { rule in
            SARIF.ReportingDescriptor(
                id: rule.rawValue, shortDescription: .init(text: rule.summary),
                fullDescription: .init(text: rule.rationale), help: .init(text: rule.rationale))
        }
        let results = findings.map { finding in
            SARIF.Result(
                ruleId: finding.rule.rawValue, level: finding.severity.rawValue,
                message: .init(text: finding.message + " Fix: " + finding.fix
                    + (finding.target.flatMap { name in settings.targets.first { $0.name == name } }
                        .map { " Target `\($0.name)`: \($0.summary)." } ?? "")
                    + (finding.reach.map { " Reach: \($0.rawValue)" + (finding.reachReason.map { " (\($0))." } ?? ".") } ?? "")),
                locations: [SARIF.Location(file: finding.file, line: finding.line, column: finding.column)])
        }
        return SARIF.Log(runs: [SARIF.Run(
            tool: .init(driver: .init(name: "isolation-probe lint", rules: rules)), results: results)])
    }
}
