import SwiftSyntax

/// `assume-isolated-in-sendable-closure`: `MainActor.assumeIsolated { … }`
/// (or another global actor's) inside a closure that runs on whichever thread
/// calls it — the workaround the probe's catalog case 13a shows trapping.
///
/// A closure counts as running off the actor when it is written `@Sendable`,
/// is a `DispatchQueue.global()` block, a `Thread.detachNewThread` or
/// `Task.detached` body, or is passed to a function declared in the linted
/// sources whose parameter is `@Sendable` and not actor-isolated. Closures
/// on the main queue or marked with a global actor stop the search; other
/// closures (`forEach`, `Task {}`) are looked through to the one enclosing them.
///
/// ```swift
/// let candidates = AssumeIsolatedRule(index: index).check(sources)
/// ```
struct AssumeIsolatedRule {
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

    /// Where a closure runs, as far as the syntax tells.
    fileprivate enum Placement {
        case offActor(String)
        case onActor
        case unknown
    }

    /// Why the closures around `node` run off the actor, if they do.
    fileprivate func offActorReason(around node: Syntax) -> String? {
        var cursor = node.parent
        while let current = cursor {
            if current.is(DeclSyntax.self) { return nil }
            if let closure = current.as(ClosureExprSyntax.self) {
                switch placement(of: closure) {
                case .offActor(let reason): return reason
                case .onActor: return nil
                case .unknown: break
                }
            }
            cursor = current.parent
        }
        return nil
    }

    private func placement(of closure: ClosureExprSyntax) -> Placement {
        let attributes = closure.signature.map { TypeSyntaxQueries.attributeNames($0.attributes) } ?? []
        if attributes.contains(where: index.globalActors.contains) { return .onActor }
        if attributes.contains("Sendable") { return .offActor("a closure written `@Sendable`") }
        guard let (call, parameterMatch) = enclosingCall(of: closure) else { return .unknown }

        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            let base = member.base?.trimmedDescription ?? ""
            if ["async", "asyncAfter", "sync", "asyncAndWait"].contains(name) {
                if base.hasSuffix(".main") || base == "main" { return .onActor }
                if base.contains("global(") { return .offActor("a `\(base).\(name)` block") }
            }
            if base == "Thread", name == "detachNewThread" { return .offActor("a `Thread.detachNewThread` body") }
            if base == "Task", name == "detached" { return .offActor("a `Task.detached` body") }
            return placement(calling: name, match: parameterMatch)
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return placement(calling: reference.baseName.text, match: parameterMatch)
        }
        return .unknown
    }

    /// How a closure argument is matched to a parameter.
    private enum ParameterMatch {
        case trailing
        case labeled(String)
        case position(Int)
    }

    private func enclosingCall(of closure: ClosureExprSyntax) -> (FunctionCallExprSyntax, ParameterMatch)? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return (call, .trailing) }
        if let argument = closure.parent?.as(LabeledExprSyntax.self),
            let list = argument.parent?.as(LabeledExprListSyntax.self),
            let call = list.parent?.as(FunctionCallExprSyntax.self)
        {
            if let label = argument.label?.text { return (call, .labeled(label)) }
            let position = list.firstIndex(where: { $0.id == argument.id }).map { list.distance(from: list.startIndex, to: $0) } ?? 0
            return (call, .position(position))
        }
        if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
            let call = element.parent?.parent?.as(FunctionCallExprSyntax.self)
        {
            return (call, .labeled(element.label.text))
        }
        return nil
    }

    /// Looks the callee up among the linted declarations: every overload with
    /// a matching parameter must take a nonisolated `@Sendable` function.
    private func placement(calling name: String, match: ParameterMatch) -> Placement {
        let parameters: [FunctionParameterSyntax] = (index.functions[name] ?? []).compactMap { function in
            let list = Array(function.signature.parameterClause.parameters)
            switch match {
            case .trailing:
                return list.last { TypeSyntaxQueries.stripped($0.type).is(FunctionTypeSyntax.self) }
            case .labeled(let label):
                return list.first { $0.firstName.text == label }
            case .position(let position):
                let unlabeled = list.filter { $0.firstName.text == "_" }
                return position < unlabeled.count ? unlabeled[position] : nil
            }
        }
        guard !parameters.isEmpty else { return .unknown }
        var allSendable = true
        for parameter in parameters {
            let attributes = attributeNames(of: parameter.type)
            if attributes.contains(where: index.globalActors.contains) { return .onActor }
            if !attributes.contains("Sendable") { allSendable = false }
        }
        return allSendable ? .offActor("a `@Sendable` callback of `\(name)`, which may call it from any thread") : .unknown
    }

    /// Attributes on a parameter type, looking through type aliases.
    private func attributeNames(of type: TypeSyntax) -> [String] {
        var current = type
        var seen: Set<String> = []
        while true {
            if let attributed = current.as(AttributedTypeSyntax.self) {
                let names = TypeSyntaxQueries.attributeNames(attributed.attributes)
                let base = TypeSyntaxQueries.stripped(attributed.baseType)
                if names.contains("Sendable") || names.contains(where: index.globalActors.contains) { return names }
                current = base
                continue
            }
            if let identifier = current.as(IdentifierTypeSyntax.self), !seen.contains(identifier.name.text),
                let alias = index.alias(named: identifier.name.text, from: [])
            {
                seen.insert(identifier.name.text)
                current = alias.aliased
                continue
            }
            return []
        }
    }

    private final class Visitor: SyntaxVisitor {
        let rule: AssumeIsolatedRule
        let source: ParsedSource
        var candidates: [LintCandidate] = []

        init(rule: AssumeIsolatedRule, source: ParsedSource) {
            self.rule = rule
            self.source = source
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let (member, actor) = rule.index.globalActorAssumption(node),
                let reason = rule.offActorReason(around: Syntax(node))
            else { return .visitChildren }
            candidates.append(LintCandidate(
                rule: .assumeIsolatedInSendableClosure, at: member, in: source,
                message: "`\(actor).assumeIsolated` runs inside \(reason): it holds only while that closure happens "
                    + "to be called on \(actor == "MainActor" ? "the main thread" : "`\(actor)`"); the first call from "
                    + "another thread stops the program with \"Incorrect actor executor assumption\".",
                fix: "Hop instead of assuming: `Task { @\(actor) in … }`"
                    + (actor == "MainActor" ? " or `DispatchQueue.main.async { … }`" : "")
                    + "; or type the callback `@\(actor) @Sendable` so the compiler makes callers hop."))
            return .visitChildren
        }
    }
}

extension AssumeIsolatedRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "assume-isolated-in-sendable-closure",
        helpLine: "MainActor.assumeIsolated inside a closure any thread may call",
        summary: "assumeIsolated inside a closure that runs on whichever thread calls it.",
        documentation: "`MainActor.assumeIsolated` inside a `@Sendable` callback, a global-queue block or a "
            + "detached task",
        rationale: "assumeIsolated moves the isolation check from compile time to run time. Inside a @Sendable "
            + "callback, a detached task or a global-queue block it holds only while the caller happens to be "
            + "on that actor; the first call from another thread stops the program "
            + "(\"Incorrect actor executor assumption\") in every build configuration.",
        triggeringExamples: [
            LintExample("""
                import Dispatch

                @MainActor func refresh() {}

                func observe(_ onChange: @escaping @Sendable () -> Void) {}

                func start() {
                    observe {
                        ↓MainActor.assumeIsolated { refresh() }
                    }
                    DispatchQueue.global().async {
                        ↓MainActor.assumeIsolated { refresh() }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("""
                import Dispatch

                @MainActor func refresh() {}

                func start() {
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated { refresh() }
                    }
                    Task { @MainActor in refresh() }
                }
                """),
        ])

    static func check(_ run: LintRun) -> [LintCandidate] {
        AssumeIsolatedRule(index: run.index).check(run.sources)
    }
}

extension LintRule {
    /// `assume-isolated-in-sendable-closure`: see `AssumeIsolatedRule`.
    package static let assumeIsolatedInSendableClosure = LintRule(AssumeIsolatedRule.self)
}
