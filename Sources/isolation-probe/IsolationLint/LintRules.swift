/// The rules `isolation-probe lint` knows, in the order `--help`, SARIF and
/// the README list them. Adding a rule is adding its file in `Rules/` and one
/// line here.
///
/// ```swift
/// for rule in LintRules.all { print(rule.description.id) }
/// ```
package enum LintRules {
    /// Every rule.
    static var all: [any LintRuleDefinition.Type] {
        [
            UncheckedStoredClosureRule.self,
            GenericBoxRule.self,
            NonisolatedUnsafeClosureRule.self,
            NonisolatedUnsafeReplaceableFunctionRule.self,
            BoxOfClosureRule.self,
            AssumeIsolatedRule.self,
            IsolatedConformanceHolderRule.self,
            DeinitAssumeIsolatedRule.self,
            NonisolatedAsyncAssumptionRule.self,
            SuppressionWithoutReasonRule.self,
            SuppressionUnknownRuleRule.self,
            SuppressionUnusedRule.self,
        ]
    }

    /// The rules that look at the sources, in the order they run: each after
    /// the rules it lists in `inputs`, otherwise in the order of `all`.
    static var sourceRules: [any SourceLintRule.Type] {
        var pending = all.compactMap { $0 as? any SourceLintRule.Type }
        var ordered: [any SourceLintRule.Type] = []
        while let next = pending.firstIndex(where: { rule in
            rule.inputs.allSatisfy { input in ordered.contains { $0 == input } }
        }) {
            ordered.append(pending.remove(at: next))
        }
        precondition(pending.isEmpty, "lint rules whose inputs never run: \(pending.map { $0.description.id })")
        return ordered
    }

    /// The list of source rules for `isolation-probe lint --help`: each id
    /// on an indented line of its own, its help line indented below it.
    package static var helpList: String {
        // Each id on its own line and its summary indented below it, so the
        // list fits 80 columns whatever the longest id.
        let rules: [LintRuleDescription] = all.filter { $0 is any SourceLintRule.Type }.map { $0.description }
        return rules.map { rule in "  \(rule.id)\n      \(rule.helpLine)" }.joined(separator: "\n")
    }

    /// The README's rule table (Markdown): each rule with documentation.
    static var markdownTable: String {
        let rows = all.map { $0.description }.filter { !$0.documentation.isEmpty }.map { rule in
            "| `\(rule.id)` | \(rule.documentation) |"
        }
        return (["| rule | finds |", "|---|---|"] + rows).joined(separator: "\n") + "\n"
    }
}

/// One lint run: the indexed sources every rule reads, and the outputs of the
/// rules that ran so far and that another rule lists in `inputs`.
///
/// ```swift
/// let boxes = run.output(of: GenericBoxRule.self)
/// ```
final class LintRun {
    let index: SourceIndex
    let sources: [ParsedSource]
    private var outputs: [ObjectIdentifier: Any] = [:]

    init(index: SourceIndex, sources: [ParsedSource]) {
        self.index = index
        self.sources = sources
    }

    /// The output of `rule`, which the asking rule must list in `inputs`.
    func output<Rule: SourceLintRule>(of rule: Rule.Type) -> Rule.Output {
        guard let output = outputs[ObjectIdentifier(rule)] as? Rule.Output else {
            preconditionFailure("\(rule.description.id)'s output was read by a rule that does not list it in `inputs`")
        }
        return output
    }

    /// Runs every source rule, inputs first, and returns their candidates in
    /// the order of `LintRules.all`, less those a rule yields to another's.
    func candidates() -> [LintCandidate] {
        let rules = LintRules.sourceRules
        let needed = Set(rules.flatMap { $0.inputs }.map(ObjectIdentifier.init))
        var byRule: [ObjectIdentifier: [LintCandidate]] = [:]
        for rule in rules {
            byRule[ObjectIdentifier(rule)] = rule.check(self)
            if needed.contains(ObjectIdentifier(rule)) { store(rule) }
        }
        var candidates: [LintCandidate] = []
        for rule in rules.sorted(by: { Self.listPosition($0) < Self.listPosition($1) }) {
            var found = byRule[ObjectIdentifier(rule)] ?? []
            if !rule.yieldsTo.isEmpty {
                let taken = Set(rule.yieldsTo.flatMap { byRule[ObjectIdentifier($0)] ?? [] }.map(Self.place))
                found.removeAll { taken.contains(Self.place($0)) }
            }
            candidates += found
        }
        return candidates
    }

    private func store<Rule: SourceLintRule>(_ rule: Rule.Type) {
        outputs[ObjectIdentifier(rule)] = rule.output(self)
    }

    private static func listPosition(_ rule: any SourceLintRule.Type) -> Int {
        LintRules.all.firstIndex { $0 == rule } ?? Int.max
    }

    private static func place(_ candidate: LintCandidate) -> String {
        "\(candidate.finding.file):\(candidate.finding.line)"
    }
}
