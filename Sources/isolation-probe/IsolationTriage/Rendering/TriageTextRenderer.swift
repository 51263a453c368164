import Foundation

/// Writes diagnoses for a terminal: one block per report, labelled lines,
/// long paragraphs wrapped.
///
/// ```swift
/// let text = TriageTextRenderer(caseNotes: notes).render([.diagnosed(diagnosis)])
/// // crash.txt: isolation-trap (lldb backtrace)
/// //   offender   closure #1 in FalsePositivesApp.init()  (FalsePositivesApp.swift) …
/// ```
public struct TriageTextRenderer: Sendable {
    /// Explanations and fixes by catalog number, quoted under a route.
    public var caseNotes: [String: CaseNote]
    /// Column at which paragraphs wrap.
    public var width: Int
    /// Characters of one evidence line quoted.
    static let evidenceLength = 400

    /// Creates a renderer.
    ///
    /// ```swift
    /// TriageTextRenderer(caseNotes: [:], width: 100)
    /// ```
    public init(caseNotes: [String: CaseNote] = [:], width: Int = 100) {
        self.caseNotes = caseNotes
        self.width = width
    }

    /// The report for `outcomes`, one block each, separated by a blank line.
    public func render(_ outcomes: [TriageOutcome]) -> String {
        outcomes.map { outcome in
            switch outcome {
            case .diagnosed(let diagnosis): render(diagnosis)
            case .failed(let error): "\(error.source): unreadable\n  \(error.description)\n"
            }
        }.joined(separator: "\n")
    }

    /// One diagnosis's block.
    public func render(_ diagnosis: Diagnosis) -> String {
        var lines = ["\(diagnosis.source): \(diagnosis.verdict.rawValue)" + (diagnosis.format.map { " (\($0.title))" } ?? "")]
        lines += wrap(diagnosis.summary, label: "")
        lines += wrap(diagnosis.confidence.rawValue + (diagnosis.decidedBy.map { ": to decide it, \($0)" } ?? ""), label: "confidence")
        if let cause = diagnosis.cause { lines += field("cause", cause) }
        if diagnosis.isolation == nil, let offender = diagnosis.offender {
            lines += field("offender", describe(offender))
            if let basis = diagnosis.offenderBasis { lines += wrap(basis, label: "found as") }
        }
        if let finding = diagnosis.isolation {
            lines += field("offender", finding.offender.map(describe) ?? "not in the report (no frame of the program's own code above the check)")
            if let hint = Self.detectHint(for: finding) { lines += wrap(hint, label: "line") }
            lines += field("expected", finding.expectedExecutor.map { finding.expectedExecutorIsInferred ? "\($0) (inferred; the report does not name it)" : $0 } ?? "not shown in the report")
            if !finding.callers.isEmpty {
                lines += field("called by", finding.callers.map(describe).joined(separator: "\n"))
            }
            if let thread = diagnosis.crashedThread { lines += field("thread", thread) }
            if let route = finding.route {
                lines += field("route", "catalog \(route.caseIDs.joined(separator: ", ")): \(route.title)")
                lines += wrap(route.reason, label: "because")
                // The story and the fix in the report's names; the catalog's
                // cases tell it again with theirs, one `explain` away.
                if let yours = Self.inYourReport(finding) { lines += wrap(yours, label: "in yours") }
                lines += wrap(route.why, label: "why")
                lines += wrap(route.fix, label: "fix")
                lines += field("same story", route.caseIDs.map { id in
                    "catalog \(id)" + (caseNotes[id].map { ": \($0.title)" } ?? "")
                }.joined(separator: "\n"))
                lines += field("more", route.caseIDs.map { "isolation-probe explain \($0)" }.joined(separator: "\n"))
            } else if diagnosis.verdict == .isolationTrap {
                lines += field("route", "no catalog route fits these frames; `isolation-probe list` shows the known ones")
            }
            if let settings = diagnosis.routeSettings { lines += renderSettings(settings) }
        } else if let thread = diagnosis.crashedThread {
            lines += field("thread", thread)
        }
        if !diagnosis.sourceMatches.isEmpty {
            let matched = diagnosis.sourceMatches.filter { !$0.matchedNames.isEmpty }
            let header = "\(matched.count) of \(diagnosis.sourceMatches.count) lint finding(s) name the frames' types or members"
            lines += field("sources", header)
            for match in diagnosis.sourceMatches.prefix(max(matched.count, 3)) {
                let names = match.matchedNames.isEmpty ? "" : " (names: \(match.matchedNames.joined(separator: ", ")))"
                lines += field("", "\(match.hint.file):\(match.hint.line):\(match.hint.column): \(match.hint.rule)\(names)")
                lines += wrap(match.hint.message, label: "")
            }
        }
        for join in diagnosis.closureJoins ?? [] {
            lines += wrap(join.summary, label: "join")
            // The finding's message is under `sources` already; its fix is the change to make.
            if let finding = join.finding { lines += wrap(finding.fix, label: "fix") }
        }
        if diagnosis.closureJoins?.isEmpty == true, let offender = diagnosis.isolation?.offender?.symbol {
            lines += wrap("no function in the sources fits `\(offender)`", label: "join")
        }
        if !diagnosis.topFrames.isEmpty {
            lines += field("top frames", diagnosis.topFrames.map { "#\($0.index) " + describe($0) }.joined(separator: "\n"))
        }
        if !diagnosis.evidence.isEmpty {
            // A long message is quoted in part; the JSON has it whole.
            let quoted = diagnosis.evidence.map { $0.count > Self.evidenceLength ? $0.prefix(Self.evidenceLength) + "…" : $0 }
            lines += field("evidence", quoted.joined(separator: "\n"))
        }
        if let input = diagnosis.input { lines += wrap(input, label: "input") }
        if !diagnosis.notes.isEmpty { lines += field("note", diagnosis.notes.joined(separator: "\n")) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The route in the report's own names: which of its frames plays the
    /// catalog's closure, and which its caller; nil without an offender.
    ///
    /// ```swift
    /// TriageTextRenderer.inYourReport(finding)
    /// // "`closure #1 in Host.init()` is your code that ran on the wrong executor; `Uploader.flush()` called it. …"
    /// ```
    public static func inYourReport(_ finding: IsolationFinding) -> String? {
        guard let offender = finding.offender else { return nil }
        var text = "`\(offender.displayName)` is your code that ran on the wrong executor"
        if let expected = finding.expectedExecutor, !finding.expectedExecutorIsInferred { text += " (it expected \(expected))" }
        if let caller = finding.callers.first {
            text += "; `\(caller.displayName)` called it"
            if let queue = finding.queue { text += " on \(queue)" }
        }
        return text + "."
    }

    /// For an offender the report gives no line for: the command that finds
    /// the line (detect reruns the program in the runtime's legacy mode,
    /// which prints it); nil when the report has the line.
    ///
    /// ```swift
    /// TriageTextRenderer.detectHint(for: finding)  // "not in the report: `isolation-probe detect --package . --product App` …"
    /// ```
    public static func detectHint(for finding: IsolationFinding) -> String? {
        guard finding.offender?.line == nil else { return nil }
        // `FalsePositives.debug.dylib` → `FalsePositives`, the product that built it.
        let product = finding.offender?.image.flatMap { $0.split(separator: ".").first.map(String.init) } ?? "NAME"
        return "not in the report: `isolation-probe detect --package . --product \(product)` builds and runs it "
            + "with the runtime's checks in warning mode, which print the file and line "
            + "(`isolation-probe detect --package .` runs the tests)"
    }

    /// The settings that make the route possible: the target's own, with
    /// why, or (without the package) the ones to look for, in one paragraph.
    private func renderSettings(_ settings: RouteSettings) -> [String] {
        var lines = settings.target.map { field("settings", "of \($0)") } ?? []
        if let fact = settings.sourceFact { lines += wrap(fact, label: lines.isEmpty ? "settings" : "") }
        guard settings.fromPackage else {
            let titles = settings.settings.map { "\($0.title), catalog \($0.caseIDs.joined(separator: ", "))" }
            return lines + wrap("possible with: " + titles.joined(separator: "; ")
                + " (`--sources DIR` in the package reads the target's own)", label: lines.isEmpty ? "settings" : "")
        }
        for setting in settings.settings {
            lines += wrap("\(setting.title): \(setting.why) (catalog \(setting.caseIDs.joined(separator: ", ")))", label: "")
        }
        if settings.settings.isEmpty { lines += wrap("none of its settings makes this route possible", label: "") }
        return lines
    }

    private func describe(_ frame: StackFrame) -> String {
        var text = frame.displayName
        if let location = frame.location, frame.symbol != nil || frame.address != nil || frame.image != nil { text += " at \(location)" }
        // A sentence may give the line without the file (`at line 250`).
        if frame.file == nil, let line = frame.line, frame.symbol != nil { text += " at line \(line)" }
        if frame.symbol != nil, let image = frame.image { text += "  [\(image)]" }
        return text
    }

    private static let labelWidth = 12

    /// `  label       value`, continuation lines indented under the value.
    private func field(_ label: String, _ value: String) -> [String] {
        value.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
            wrap(String(line), label: index == 0 ? label : "")
        }
    }

    private func wrap(_ text: String, label: String) -> [String] {
        let indent = String(repeating: " ", count: 2 + Self.labelWidth)
        let first = "  " + label.padding(toLength: Self.labelWidth, withPad: " ", startingAt: 0)
        var lines: [String] = []
        var current = first
        var currentHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if currentHasWord, current.count + 1 + word.count > width {
                lines.append(current)
                current = indent
                currentHasWord = false
            }
            current += (currentHasWord ? " " : "") + word
            currentHasWord = true
        }
        lines.append(current)
        return lines
    }
}
