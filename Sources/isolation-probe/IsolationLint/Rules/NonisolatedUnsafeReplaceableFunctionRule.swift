/// `nonisolated-unsafe-replaceable-function`, off unless the configuration
/// turns it on: a `nonisolated(unsafe) var` whose functions are all
/// `@Sendable` or global-actor isolated, such as
/// `nonisolated(unsafe) public var onDone: (@MainActor @Sendable () -> Void)?`.
///
/// No isolation check can trap here: the function may be called on any
/// thread. What `nonisolated(unsafe)` leaves is the variable itself:
/// replacing it while another thread reads it is a data race, which the
/// author opted into by writing `nonisolated(unsafe)`. A team that wants
/// every such variable listed turns the rule on:
///
/// ```json
/// { "rules": { "nonisolated-unsafe-replaceable-function": "warning" } }
/// ```
///
/// ```swift
/// let variables = NonisolatedUnsafeClosureRule(index: index).variables(in: sources)
/// let candidates = NonisolatedUnsafeReplaceableFunctionRule(variables: variables).check()
/// ```
struct NonisolatedUnsafeReplaceableFunctionRule {
    /// The `nonisolated(unsafe) var`s holding functions, from `nonisolated-unsafe-mutable-closure`.
    let variables: [NonisolatedUnsafeClosureRule.FunctionVariable]

    /// Those that hold only functions safe to call anywhere; the others are
    /// isolation loopholes, `nonisolated-unsafe-mutable-closure`'s findings.
    func check() -> [LintCandidate] {
        variables.filter(\.holdsOnlySafeFunctions).compactMap { variable in
            guard let hit = variable.hits.first else { return nil }
            return LintCandidate(
                rule: .nonisolatedUnsafeReplaceableFunction, at: variable.binding.pattern, in: variable.source,
                message: "`\(variable.name)` is a nonisolated(unsafe) mutable \(variable.kind) holding \(hit.description): "
                    + "replacing it while another thread reads it is a data race the compiler no longer sees.",
                fix: variable.fix)
        }
    }
}

extension NonisolatedUnsafeReplaceableFunctionRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "nonisolated-unsafe-replaceable-function",
        helpLine: "a nonisolated(unsafe) var holds a @Sendable function (off by default)",
        summary: "A nonisolated(unsafe) mutable global, static or member holds only @Sendable or global-actor "
            + "functions, and replacing it races with reads.",
        documentation: "off unless the configuration turns it on: a `nonisolated(unsafe) var` holding only `@Sendable` "
            + "or global-actor functions, e.g. `(@MainActor @Sendable () -> Void)?`; no isolation check can trap, "
            + "but replacing it while another thread reads it is a data race",
        rationale: "A @Sendable or global-actor function may be called from any thread, so the isolation "
            + "trap of a stored main-actor closure cannot happen. nonisolated(unsafe) still turns off checking "
            + "of the variable: an assignment that overlaps a read on another thread is a data race. Writing "
            + "nonisolated(unsafe) opts into that, so the rule is off unless a team turns it on.",
        defaultSeverity: .off,
        triggeringExamples: [
            LintExample("""
                public final class Job: Sendable {
                    nonisolated(unsafe) public var ↓onDone: (@MainActor @Sendable () -> Void)?
                }
                """),
            LintExample("""
                enum Logging {
                    nonisolated(unsafe) static var ↓replaceable: @Sendable () -> Void = {}
                    nonisolated(unsafe) static var ↓inferred = { @Sendable (message: String) in print(message) }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("nonisolated(unsafe) let onDone: @Sendable () -> Void = {}"),
            // Isolation loopholes: `nonisolated-unsafe-mutable-closure`'s.
            LintExample("""
                nonisolated(unsafe) var onDone: (() -> Void)?
                nonisolated(unsafe) var handlers: (@Sendable () -> Void, (Int) -> Void)?
                """),
            LintExample("""
                func run() {
                    nonisolated(unsafe) var local: @Sendable () -> Void = {}
                    local()
                }
                """),
        ])

    /// The variables come from `nonisolated-unsafe-mutable-closure`.
    static var inputs: [any SourceLintRule.Type] { [NonisolatedUnsafeClosureRule.self] }

    static func check(_ run: LintRun) -> [LintCandidate] {
        NonisolatedUnsafeReplaceableFunctionRule(variables: run.output(of: NonisolatedUnsafeClosureRule.self)).check()
    }
}

extension LintRule {
    /// `nonisolated-unsafe-replaceable-function`: see `NonisolatedUnsafeReplaceableFunctionRule`.
    package static let nonisolatedUnsafeReplaceableFunction = LintRule(NonisolatedUnsafeReplaceableFunctionRule.self)
}
