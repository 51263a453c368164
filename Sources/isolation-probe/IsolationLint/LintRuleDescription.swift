/// What a lint rule says about itself, SwiftLint-style: the text its findings,
/// `--help`, the SARIF rule table and the README's rule table are made of, and
/// the examples one test runs (`LintRuleExampleTests`).
///
/// ```swift
/// static let description = LintRuleDescription(
///     id: "unchecked-sendable-stored-closure",
///     helpLine: "an @unchecked Sendable type stores a non-@Sendable function",
///     summary: "An @unchecked Sendable type stores a function that is not @Sendable.",
///     documentation: "an `@unchecked Sendable` type that stores a function type that is not `@Sendable`",
///     rationale: "…",
///     triggeringExamples: [LintExample("final class C: @unchecked Sendable { var ↓f: () -> Void = {} }")],
///     nonTriggeringExamples: [LintExample("final class C: @unchecked Sendable { var f: @Sendable () -> Void = {} }")])
/// ```
struct LintRuleDescription: Sendable {
    /// The stable id written in suppression comments, configuration, JSON and SARIF.
    let id: String
    /// A short lower-case phrase for the list in `isolation-probe lint --help`.
    let helpLine: String
    /// One sentence saying what the rule finds (SARIF's short description).
    let summary: String
    /// What the rule finds, in Markdown, for the README's rule table; empty for
    /// rules about suppression comments, which the table does not list.
    var documentation: String = ""
    /// Why the pattern fails at run time (SARIF's full description and help).
    let rationale: String
    /// The severity when neither the configuration nor `--rule` sets one.
    var defaultSeverity: LintConfiguration.Severity = .warning
    /// Whether an `isolation-probe:ignore` comment may silence the rule.
    var isSuppressible = true
    /// Code the rule reports, with a `↓` before each reported position.
    var triggeringExamples: [LintExample] = []
    /// Look-alikes the rule must not report.
    var nonTriggeringExamples: [LintExample] = []
    /// What `--fix` makes of code the rule reports; empty when it has no fix.
    var corrections: [LintCorrection] = []
}

/// A piece of Swift a rule is checked against, linted as a file of its own.
///
/// `↓` marks where a finding must be reported: the line and column the
/// finding names (the marker itself is removed before linting).
///
/// ```swift
/// let example = LintExample("nonisolated(unsafe) var ↓hook: (() -> Void)? = nil")
/// print(example.code, example.markedPositions)  // …, [(line: 1, column: 25)]
/// ```
struct LintExample: Sendable {
    /// The character that marks a reported position.
    static let marker: Character = "↓"

    /// The example as written, markers included.
    let markedCode: String
    /// Where the example is written, so a failing example points at itself.
    let fileID: String
    let filePath: String
    let line: Int
    let column: Int

    init(
        _ markedCode: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        self.markedCode = markedCode
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The code without markers.
    var code: String { markedCode.filter { $0 != Self.marker } }

    /// The 1-based line and UTF-8 column of each marker, as lint reports
    /// positions, in the order they appear.
    var markedPositions: [LintPosition] {
        var positions: [LintPosition] = []
        for (index, line) in markedCode.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var column = 1
            for character in line {
                if character == Self.marker {
                    positions.append(LintPosition(line: index + 1, column: column))
                } else {
                    column += character.utf8.count
                }
            }
        }
        return positions
    }
}

/// A 1-based line and column in an example.
struct LintPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    let line: Int
    let column: Int

    static func < (lhs: LintPosition, rhs: LintPosition) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }

    var description: String { "\(line):\(column)" }
}

/// Code a rule reports, and the code `--fix` turns it into.
///
/// ```swift
/// LintCorrection(
///     before: LintExample("final class C: @unchecked Sendable { var f: () -> Void = {} }\n"),
///     after: "final class C: @unchecked Sendable { var f: @Sendable () -> Void = {} }\n")
/// ```
struct LintCorrection: Sendable {
    /// The code before fixing (markers, if any, are ignored).
    let before: LintExample
    /// The code after fixing, exactly.
    let after: String
}

/// A lint rule: a type that describes itself. Every rule, including those
/// about suppression comments (which the suppression pass reports), is one.
protocol LintRuleDefinition {
    /// What the rule says about itself.
    static var description: LintRuleDescription { get }
}

/// A rule that looks at the sources and returns candidate findings.
///
/// A rule that needs another's result lists it in `inputs` and reads it with
/// `LintRun.output(of:)`; the engine runs inputs first. A rule whose finding
/// on a line says less than another rule's finding there lists that rule in
/// `yieldsTo`, and the engine drops its candidate on that line.
///
/// ```swift
/// struct GlobalHookRule: SourceLintRule {
///     static let description = LintRuleDescription(…)
///     static func check(_ run: LintRun) -> [LintCandidate] { … }
/// }
/// ```
protocol SourceLintRule: LintRuleDefinition {
    /// What the rule hands to rules that list it in `inputs`.
    associatedtype Output = Void
    /// Rules whose `output` this rule reads.
    static var inputs: [any SourceLintRule.Type] { get }
    /// Rules whose finding on the same file and line makes this rule's redundant.
    static var yieldsTo: [any LintRuleDefinition.Type] { get }
    /// The rule's candidates in the sources of `run`.
    static func check(_ run: LintRun) -> [LintCandidate]
    /// The rule's result for the rules that depend on it.
    static func output(_ run: LintRun) -> Output
}

extension SourceLintRule {
    static var inputs: [any SourceLintRule.Type] { [] }
    static var yieldsTo: [any LintRuleDefinition.Type] { [] }
}

extension SourceLintRule where Output == Void {
    static func output(_ run: LintRun) {}
}
