import SwiftSyntax

/// `nonisolated-unsafe-mutable-closure`: a `nonisolated(unsafe) static var`
/// (or global `var`) whose type holds a function.
///
/// `nonisolated(unsafe)` switches off checking of the variable: writes race
/// with reads, and a non-`@Sendable` closure assigned from main-actor code runs
/// on whichever thread reads the variable.
///
/// ```swift
/// let candidates = NonisolatedUnsafeClosureRule(index: index).check(sources)
/// ```
struct NonisolatedUnsafeClosureRule {
    let index: SourceIndex

    func check(_ sources: [ParsedSource]) -> [LintCandidate] {
        var finder = FunctionTypeFinder(index: index)
        finder.includeSafeFunctions = true
        var candidates: [LintCandidate] = []
        for source in sources {
            let visitor = Visitor(source: source, finder: finder)
            visitor.walk(source.tree)
            candidates += visitor.candidates
        }
        return candidates
    }

    private final class Visitor: ScopedVisitor {
        let source: ParsedSource
        let finder: FunctionTypeFinder
        var candidates: [LintCandidate] = []

        init(source: ParsedSource, finder: FunctionTypeFinder) {
            self.source = source
            self.finder = finder
            super.init()
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard TypeSyntaxQueries.isNonisolatedUnsafe(node.modifiers), node.bindingSpecifier.text == "var" else {
                return .visitChildren
            }
            let isStatic = TypeSyntaxQueries.hasModifier(node.modifiers, "static")
                || TypeSyntaxQueries.hasModifier(node.modifiers, "class")
            let isGlobal = node.parent?.parent?.parent?.is(SourceFileSyntax.self) ?? false
            guard isStatic || isGlobal else { return .visitChildren }
            for binding in node.bindings where StoredMembers.isStored(binding) {
                let hits: [FunctionTypeFinder.Hit]
                if let type = binding.typeAnnotation?.type {
                    hits = finder.nonSendableFunctionTypes(in: type, scope: scope, genericParameters: [], file: source.path)
                } else if let initializer = binding.initializer?.value {
                    hits = finder.nonSendableFunctionTypes(inInitializer: initializer)
                } else {
                    hits = []
                }
                guard let hit = hits.first(where: { !$0.isSafe }) ?? hits.first else { continue }
                let name = (scope + [binding.pattern.trimmedDescription]).joined(separator: ".")
                let kind = isStatic ? "static" : "global"
                let message: String
                if hit.isSafe {
                    message = "`\(name)` is a nonisolated(unsafe) mutable \(kind) holding \(hit.description): "
                        + "replacing it while another thread reads it is a data race the compiler no longer sees."
                } else {
                    message = "`\(name)` is a nonisolated(unsafe) mutable \(kind) holding \(hit.description), "
                        + "which is not @Sendable: a closure assigned from main-actor code runs on whichever "
                        + "thread reads the variable, where its isolation check traps; writes also race with reads."
                }
                candidates.append(LintCandidate(
                    rule: .nonisolatedUnsafeMutableClosure, at: binding.pattern, in: source, message: message,
                    fix: "Store a `@Sendable` function in a lock: "
                        + "`static let \(binding.pattern.trimmedDescription) = SafeBox<@Sendable (…) -> …>(…)` "
                        + "(or Mutex) with computed get/set through withLock; or make it a `let`, or isolate "
                        + "it with `@MainActor`."))
            }
            return .visitChildren
        }
    }
}

extension NonisolatedUnsafeClosureRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "nonisolated-unsafe-mutable-closure",
        helpLine: "a nonisolated(unsafe) static/global var holds a function",
        summary: "A nonisolated(unsafe) mutable static or global holds a function value.",
        documentation: "a `nonisolated(unsafe) static var` or global `var` holding a function",
        rationale: "nonisolated(unsafe) turns off checking of the variable itself: assignments race with "
            + "reads, and a closure stored from isolated code runs wherever the variable is read.",
        triggeringExamples: [
            LintExample("nonisolated(unsafe) var ↓globalHook: (() -> Void)? = nil"),
            LintExample("""
                typealias LoggingSink = (String) -> Void

                enum Logging {
                    nonisolated(unsafe) static var ↓fallback: LoggingSink = { print($0) }
                    nonisolated(unsafe) static var ↓replaceable: @Sendable () -> Void = {}
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("nonisolated(unsafe) let globalHook: @Sendable () -> Void = {}"),
            LintExample("""
                enum Logging {
                    @MainActor static var fallback: (String) -> Void = { print($0) }
                    nonisolated(unsafe) static var count = 0
                }
                """),
        ])

    static func check(_ run: LintRun) -> [LintCandidate] {
        NonisolatedUnsafeClosureRule(index: run.index).check(run.sources)
    }
}

extension LintRule {
    /// `nonisolated-unsafe-mutable-closure`: see `NonisolatedUnsafeClosureRule`.
    package static let nonisolatedUnsafeMutableClosure = LintRule(NonisolatedUnsafeClosureRule.self)
}
