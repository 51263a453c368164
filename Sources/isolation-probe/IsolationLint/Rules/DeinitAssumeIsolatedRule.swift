import SwiftSyntax

/// `assume-isolated-in-deinit`: `MainActor.assumeIsolated { … }` (or another
/// global actor's) in a `deinit`, which runs on whichever thread drops the
/// last reference.
///
/// When the class is isolated to that actor (written, or by the target's
/// default isolation), `--fix` writes `isolated deinit` (SE-0371), which
/// the runtime runs on the actor; elsewhere `isolated deinit` does not compile,
/// so the finding has no mechanical fix.
///
/// ```swift
/// let candidates = DeinitAssumeIsolatedRule(index: index).check(sources)
/// ```
struct DeinitAssumeIsolatedRule {
    let index: SourceIndex

    func check(_ sources: [ParsedSource]) -> [LintCandidate] {
        var candidates: [LintCandidate] = []
        for source in sources {
            let visitor = Visitor(rule: self, source: source)
            visitor.walk(source.tree)
            candidates += visitor.candidates
        }
        return candidates
    }

    /// The global actor a class is isolated to: written on it, or the
    /// target's default when it has none and is not `nonisolated`.
    fileprivate func isolation(of type: ClassDeclSyntax, in source: ParsedSource) -> String? {
        if let written = TypeSyntaxQueries.attributeNames(type.attributes).first(where: index.globalActors.contains) {
            return written
        }
        if TypeSyntaxQueries.hasModifier(type.modifiers, "nonisolated") { return nil }
        return index.targetSettings(of: source.path)?.isMainActorByDefault == true ? "MainActor" : nil
    }

    private final class Visitor: SyntaxVisitor {
        let rule: DeinitAssumeIsolatedRule
        let source: ParsedSource
        var candidates: [LintCandidate] = []

        init(rule: DeinitAssumeIsolatedRule, source: ParsedSource) {
            self.rule = rule
            self.source = source
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            guard !TypeSyntaxQueries.hasModifier(node.modifiers, "isolated"), let body = node.body else { return .skipChildren }
            let finder = AssumptionFinder(index: rule.index)
            finder.walk(body)
            guard let (call, actor) = finder.found else { return .skipChildren }
            var owner: Syntax? = node.parent
            while let current = owner, !current.is(ClassDeclSyntax.self) { owner = current.parent }
            let type = owner?.as(ClassDeclSyntax.self)
            let typeName = type?.name.text ?? "the type"
            let classActor = type.flatMap { rule.isolation(of: $0, in: source) }
            var fixes: [InsertionFix] = []
            let fix: String
            if classActor == actor {
                let position = node.deinitKeyword.positionAfterSkippingLeadingTrivia
                fixes = [InsertionFix(
                    file: source.path, offset: position.utf8Offset,
                    line: source.converter.location(for: position).line, text: "isolated ")]
                fix = "Write `isolated deinit` (what `--fix` does): the runtime then runs it on \(actor), and "
                    + "`\(actor).assumeIsolated` holds (it can go)."
            } else {
                fix = "Isolate `\(typeName)` to `@\(actor)` and write `isolated deinit` (it does not compile on a "
                    + "class that is not actor-isolated); or move the work out: `Task { @\(actor) in … }` with the "
                    + "values it needs copied, not `self`."
            }
            candidates.append(LintCandidate(
                rule: .assumeIsolatedInDeinit, at: call, in: source,
                message: "The deinit of `\(typeName)` calls `\(actor).assumeIsolated`, but a deinit runs on whichever "
                    + "thread drops the last reference: released off \(actor == "MainActor" ? "the main thread" : "`\(actor)`") "
                    + "(by a background task, a closure's capture, a collection emptied elsewhere), the assumption "
                    + "stops the program with \"Incorrect actor executor assumption\".",
                fix: fix, insertions: fixes))
            return .skipChildren
        }
    }
}

/// Finds the first `Actor.assumeIsolated` call with a global actor as base.
final class AssumptionFinder: SyntaxVisitor {
    let index: SourceIndex
    private(set) var found: (call: MemberAccessExprSyntax, actor: String)?

    init(index: SourceIndex) {
        self.index = index
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        if let assumption = index.globalActorAssumption(node) {
            found = (assumption.member, assumption.actor)
            return .skipChildren
        }
        return .visitChildren
    }
}

extension DeinitAssumeIsolatedRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "assume-isolated-in-deinit",
        helpLine: "MainActor.assumeIsolated in a deinit (fix: isolated deinit)",
        summary: "assumeIsolated in a deinit, which runs on whichever thread releases the object.",
        documentation: "`MainActor.assumeIsolated` in a `deinit`; `--fix` writes `isolated deinit` when the class "
            + "is main-actor isolated (written, or by the target's default isolation)",
        rationale: "A deinit runs on the thread that drops the last reference, whatever the class's isolation. "
            + "assumeIsolated in it holds only while every release happens on that actor; one release from a "
            + "background task or a Sendable closure's capture stops the program (\"Incorrect actor executor "
            + "assumption\"). An isolated deinit (SE-0371) is run on the actor by the runtime.",
        triggeringExamples: [
            LintExample("""
                @MainActor
                final class Screen {
                    var title = ""
                    deinit {
                        ↓MainActor.assumeIsolated { print(title) }
                    }
                }

                final class Plain {
                    deinit { ↓MainActor.assumeIsolated { print("gone") } }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("""
                @MainActor
                final class Screen {
                    var title = ""
                    isolated deinit {
                        MainActor.assumeIsolated { print(title) }
                    }
                }

                final class Plain {
                    deinit { print("gone") }
                    func show() { MainActor.assumeIsolated { print("shown") } }
                }
                """),
        ],
        corrections: [
            LintCorrection(
                before: LintExample("""
                    @MainActor
                    final class Screen {
                        var title = ""
                        deinit {
                            MainActor.assumeIsolated { print(title) }
                        }
                    }

                    """),
                after: """
                    @MainActor
                    final class Screen {
                        var title = ""
                        isolated deinit {
                            MainActor.assumeIsolated { print(title) }
                        }
                    }

                    """)
        ])

    static func check(_ run: LintRun) -> [LintCandidate] {
        DeinitAssumeIsolatedRule(index: run.index).check(run.sources)
    }
}

extension LintRule {
    /// `assume-isolated-in-deinit`: see `DeinitAssumeIsolatedRule`.
    package static let assumeIsolatedInDeinit = LintRule(DeinitAssumeIsolatedRule.self)
}
