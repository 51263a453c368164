import Foundation
import ProbeProcess
import ProbeSupport

/// What one `isolation-probe detect` run saw: the program's ending and the
/// distinct violations with their counts. Renders as text, JSON or SARIF.
///
/// ```swift
/// let report = try await DetectEngine(sourceRoot: nil).run(["./prog"])
/// print(report.render(.text))
/// exit(report.exitStatus)
/// ```
package struct DetectReport: Sendable {
    package var command: [String]
    package var ending: ProcessTermination
    package var tally: ViolationTally
    /// Where the program's standard error was kept (`--keep-crash-text`).
    package var keptCrashText: String?
    /// The package's targets' settings (`--package`), to name the setting
    /// that made each violation possible.
    package var packageSettings: PackageConcurrencySettings?
    /// Why the settings could not be read, when they could not.
    package var settingsProblem: String?

    package init(command: [String], ending: ProcessTermination, tally: ViolationTally) {
        self.command = command
        self.ending = ending
        self.tally = tally
    }

    /// The program's own status when it failed; 1 when it succeeded but a
    /// violation was found; 0 otherwise.
    package var exitStatus: Int32 {
        let own = ending.shellStatus
        if own != 0 { return own }
        return tally.entries.isEmpty ? 0 : 1
    }

    /// Renders the report in `format`.
    package func render(_ format: ReportFormat) -> String {
        switch format {
        case .text: return renderText()
        case .json: return ReportJSON.encode(JSONForm(report: self))
        case .sarif: return ReportJSON.encode(sarif())
        }
    }

    /// The settings of the violation's module that made it possible, with
    /// the target they belong to; nil when the package's settings are not
    /// known or no target is that module.
    ///
    /// ```swift
    /// report.settingReasons(for: entry)?.target.summary   // "App (Swift 6; DM)"
    /// ```
    func settingReasons(for entry: ViolationTally.Entry) -> (target: TargetConcurrencySettings, reasons: [SettingReason])? {
        let module = entry.violation.fileID.split(separator: "/").first.map(String.init) ?? ""
        guard let target = packageSettings?.target(named: module) else { return nil }
        return (target, target.reasons(for: entry.violation.kind.stopShape))
    }

    /// `path:line` when the file was found, else the runtime's `#fileID:line`.
    static func location(of entry: ViolationTally.Entry) -> String {
        let violation = entry.violation
        if violation.fileID.isEmpty { return "<unknown location>" }
        return "\(entry.path ?? violation.fileID):\(violation.line)"
    }

    private func renderText() -> String {
        let program = command.joined(separator: " ")
        var out = ""
        if tally.entries.isEmpty {
            out += "isolation-probe detect: no isolation violations reported by `\(program)`\n"
        } else {
            let distinct = tally.entries.count
            out += "isolation-probe detect: \(distinct) isolation violation\(distinct == 1 ? "" : "s") "
                + "(\(tally.occurrences) occurrence\(tally.occurrences == 1 ? "" : "s")) in `\(program)`:\n"
            for entry in tally.entries {
                let times = entry.count == 1 ? "once" : "\(entry.count) times"
                out += "  \(Self.location(of: entry)): error: \(entry.violation.kind.summary) (\(times))"
                    + " [\(entry.violation.kind.rawValue)]\n"
                if entry.violation.kind != .executorAssumption {
                    out += "    the line is where the isolated function or closure is written; "
                        + "it ran on a thread its isolation does not allow\n"
                }
                if let (target, reasons) = settingReasons(for: entry) {
                    out += "    settings of \(target.summary): "
                        + (reasons.isEmpty ? "none of them made this possible\n" : "\n")
                    for reason in reasons {
                        out += "      \(reason.label): \(reason.title): \(reason.why) (catalog \(reason.caseIDs.joined(separator: ", ")))\n"
                    }
                }
            }
        }
        if let settingsProblem { out += "isolation-probe detect: settings not named: \(settingsProblem)\n" }
        out += "isolation-probe detect: the program \(ending.sentence)\n"
        if let keptCrashText { out += "isolation-probe detect: its standard error is kept in \(keptCrashText) (`isolation-probe triage \(keptCrashText)`)\n" }
        return out
    }

    private struct JSONForm: Encodable {
        struct Violation: Encodable {
            let kind: String
            let fileID: String
            let path: String?
            let line: Int
            let count: Int
            let detail: String
            /// The violation's target, with its settings (`--package`).
            let target: TargetConcurrencySettings?
            /// The settings that made it possible.
            let settings: [SettingReason]?
        }
        let version = 1
        let tool = "isolation-probe detect"
        let command: [String]
        let exitStatus: Int32?
        let signal: Int32?
        let occurrences: Int
        let violations: [Violation]

        init(report: DetectReport) {
            command = report.command
            switch report.ending {
            case .exited(let status): (exitStatus, signal) = (status, nil)
            case .signaled(let number): (exitStatus, signal) = (nil, number)
            }
            occurrences = report.tally.occurrences
            violations = report.tally.entries.map { entry in
                let named = report.settingReasons(for: entry)
                return Violation(
                    kind: entry.violation.kind.rawValue, fileID: entry.violation.fileID, path: entry.path,
                    line: entry.violation.line, count: entry.count, detail: entry.violation.detail,
                    target: named?.target, settings: named?.reasons)
            }
        }

        enum CodingKeys: String, CodingKey {
            case version, tool, command, exitStatus, signal, occurrences, violations
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(tool, forKey: .tool)
            try container.encode(command, forKey: .command)
            // Both keys are always present: null says which one did not apply.
            try container.encode(exitStatus, forKey: .exitStatus)
            try container.encode(signal, forKey: .signal)
            try container.encode(occurrences, forKey: .occurrences)
            try container.encode(violations, forKey: .violations)
        }
    }

    private func sarif() -> SARIF.Log {
        let rules = IsolationViolation.Kind.allCases.map { kind in
            SARIF.ReportingDescriptor(
                id: kind.rawValue, shortDescription: .init(text: kind.summary),
                fullDescription: .init(text: kind.summary + ", as reported by the Swift runtime's isolation checks."),
                help: .init(text: "Make the function @Sendable or call it on its actor (await, or a main-queue hop); "
                    + "if it escaped through an @unchecked Sendable box, run `isolation-probe lint` on the code."))
        }
        let results = tally.entries.map { entry in
            let violation = entry.violation
            let settings = settingReasons(for: entry).map { named in
                named.reasons.isEmpty ? "" : " Made possible by \(named.target.target)'s settings: " + named.reasons.map { "\($0.title): \($0.why)" }.joined(separator: "; ") + "."
            } ?? ""
            return SARIF.Result(
                ruleId: violation.kind.rawValue, level: "error",
                message: .init(text: "\(violation.detail) (\(entry.count) time\(entry.count == 1 ? "" : "s") during `\(command.joined(separator: " "))`).\(settings)"),
                locations: violation.fileID.isEmpty
                    ? [] : [SARIF.Location(file: entry.path ?? violation.fileID, line: violation.line, column: nil)],
                properties: ["occurrences": entry.count])
        }
        return SARIF.Log(runs: [SARIF.Run(
            tool: .init(driver: .init(name: "isolation-probe detect", rules: rules)), results: results)])
    }
}
