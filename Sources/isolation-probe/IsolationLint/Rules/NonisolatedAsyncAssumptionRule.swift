import ProbeSupport
import SwiftSyntax

/// `isolation-assumption-in-nonisolated-async`: `MainActor.assumeIsolated`
/// or `dispatchPrecondition(condition: .onQueue(.main))` /
/// `.notOnQueue(.main)` in a nonisolated async function, directly or in a
/// synchronous helper it calls, whose outcome flips with
/// NonisolatedNonsendingByDefault (SE-0461).
///
/// Without the feature a `nonisolated async` function runs on the global
/// concurrent executor; with it, on its caller's actor. An assumption about
/// the main actor made there traps in one setting and holds (for main-actor
/// callers) in the other. The message says which way, by the target's setting.
///
/// ```swift
/// let candidates = NonisolatedAsyncAssumptionRule(index: index).check(sources)
/// ```
struct NonisolatedAsyncAssumptionRule {
    let index: SourceIndex

    /// What an assumption assumes.
    fileprivate enum Assumption: Equatable {
        /// `Actor.assumeIsolated`, or `dispatchPrecondition(condition: .onQueue(.main))`.
        case onActor(String, call: String)
        /// `dispatchPrecondition(condition: .notOnQueue(.main))`.
        case offMain
    }

    /// Where a nonisolated async function runs.
    fileprivate enum Executor {
        /// `@concurrent`: the global executor in every setting.
        case concurrent
        /// Unannotated or `nonisolated`: flips with the feature.
        case flipping
    }

    func check(_ sources: [ParsedSource]) -> [LintCandidate] {
        var candidates: [LintCandidate] = []
        let memo = HelperMemo()
        for source in sources {
            let visitor = Visitor(rule: self, source: source, memo: memo)
            visitor.walk(source.tree)
            candidates += visitor.candidates
        }
        return candidates
    }

    /// Where `function` runs, or nil when it is isolated (an actor's, a
    /// global actor's, `nonisolated(nonsending)`, or the target's default).
    fileprivate func executor(of function: FunctionDeclSyntax, in source: ParsedSource) -> Executor? {
        guard function.signature.effectSpecifiers?.asyncSpecifier != nil else { return nil }
        let attributes = TypeSyntaxQueries.attributeNames(function.attributes)
        if attributes.contains("concurrent") { return .concurrent }
        if attributes.contains(where: index.globalActors.contains) { return nil }
        if function.modifiers.contains(where: { $0.name.text == "nonisolated" && $0.detail?.detail.text == "nonsending" }) {
            return nil
        }
        if TypeSyntaxQueries.hasModifier(function.modifiers, "nonisolated") { return .flipping }
        if function.signature.parameterClause.parameters.contains(where: { $0.firstName.text == "isolated" || TypeSyntaxQueries.specifiers(of: $0.type).contains("isolated") }) {
            return nil
        }
        var cursor = function.parent
        while let node = cursor {
            if node.is(ActorDeclSyntax.self) || node.is(ProtocolDeclSyntax.self) { return nil }
            if let (typeAttributes, modifiers) = Self.declaration(node) {
                if typeAttributes.contains(where: index.globalActors.contains) { return nil }
                if TypeSyntaxQueries.hasModifier(modifiers, "nonisolated") { return .flipping }
            }
            if node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self) { return nil }
            cursor = node.parent
        }
        return index.targetSettings(of: source.path)?.isMainActorByDefault == true ? nil : .flipping
    }

    /// The attributes and modifiers of a type or extension declaration.
    private static func declaration(_ node: Syntax) -> ([String], DeclModifierListSyntax)? {
        if let decl = node.as(ClassDeclSyntax.self) { return (TypeSyntaxQueries.attributeNames(decl.attributes), decl.modifiers) }
        if let decl = node.as(StructDeclSyntax.self) { return (TypeSyntaxQueries.attributeNames(decl.attributes), decl.modifiers) }
        if let decl = node.as(EnumDeclSyntax.self) { return (TypeSyntaxQueries.attributeNames(decl.attributes), decl.modifiers) }
        if let decl = node.as(ExtensionDeclSyntax.self) { return (TypeSyntaxQueries.attributeNames(decl.attributes), decl.modifiers) }
        return nil
    }

    /// The assumption `call` makes itself, if any.
    fileprivate func assumption(of call: FunctionCallExprSyntax) -> Assumption? {
        if let (_, actor) = index.globalActorAssumption(call) {
            return .onActor(actor, call: "\(actor).assumeIsolated")
        }
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "dispatchPrecondition",
            let condition = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
            let kind = condition.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
            let queue = condition.arguments.first?.expression.trimmedDescription,
            queue == ".main" || queue == "DispatchQueue.main"
        else { return nil }
        switch kind {
        case "onQueue": return .onActor("MainActor", call: "dispatchPrecondition(condition: .onQueue(.main))")
        case "notOnQueue": return .offMain
        default: return nil
        }
    }

    /// What each synchronous helper, by name, assumes (nil: nothing), so
    /// every helper's body is searched once per run however many async
    /// functions reach it.
    fileprivate final class HelperMemo {
        var results: [String: (assumption: Assumption, via: [String])?] = [:]
        var inProgress: Set<String> = []
    }

    /// The first assumption in `body` (not inside closures or nested
    /// functions), directly or through synchronous helpers declared in the
    /// linted sources: the call in `body` and the chain of helpers to it.
    fileprivate func firstAssumption(
        in body: CodeBlockSyntax, memo: HelperMemo
    ) -> (call: FunctionCallExprSyntax, assumption: Assumption, via: [String])? {
        let calls = CallCollector(viewMode: .sourceAccurate)
        calls.walk(body)
        for call in calls.calls {
            if let found = assumption(of: call) { return (call, found, []) }
        }
        for call in calls.calls {
            let name: String
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                name = reference.baseName.text
            } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.base == nil || member.base?.trimmedDescription == "self" || member.base?.trimmedDescription == "Self"
            {
                name = member.declName.baseName.text
            } else {
                continue
            }
            if let found = helperAssumption(name, memo: memo) { return (call, found.assumption, ["\(name)()"] + found.via) }
        }
        return nil
    }

    /// What the synchronous, non-isolated functions called `name` assume,
    /// through their own helpers; nil for a name on the current call path
    /// (recursion).
    private func helperAssumption(_ name: String, memo: HelperMemo) -> (assumption: Assumption, via: [String])? {
        if let known = memo.results[name] { return known }
        guard memo.inProgress.insert(name).inserted else { return nil }
        var result: (assumption: Assumption, via: [String])?
        for helper in index.functions[name] ?? [] {
            // An async or isolated helper is a hop of its own, judged on its own.
            guard helper.signature.effectSpecifiers?.asyncSpecifier == nil,
                !TypeSyntaxQueries.attributeNames(helper.attributes).contains(where: index.globalActors.contains),
                let helperBody = helper.body, let found = firstAssumption(in: helperBody, memo: memo)
            else { continue }
            result = (found.assumption, found.via)
            break
        }
        memo.inProgress.remove(name)
        memo.results[name] = .some(result)
        return result
    }

    /// What the assumption does in `executor`, under the target's setting.
    fileprivate func consequence(
        of assumption: Assumption, call: String, executor: Executor, settings: TargetSettings?
    ) -> String? {
        let feature = ConcurrencySetting.nonisolatedNonsendingByDefault.name
        let where_ = settings.map { "target `\($0.name)`" } ?? "this code (no settings read)"
        switch (assumption, executor) {
        case (.onActor(let actor, _), .concurrent):
            return "`\(call)` runs in a `@concurrent` function, always on the global concurrent executor: it traps "
                + "on every call, off \(actor) whatever the settings."
        case (.offMain, .concurrent):
            return nil
        case (.onActor(let actor, _), .flipping) where settings?.nonisolatedNonsendingByDefault == true:
            return "`\(call)` is reached from a nonisolated async function, which in \(where_) (\(feature) on) "
                + "runs on its caller's actor: it holds when the caller is on \(actor) and traps for every other "
                + "caller; where the feature is off (another module, or the function marked `@concurrent`) it "
                + "traps on every call."
        case (.onActor(let actor, _), .flipping):
            return "`\(call)` is reached from a nonisolated async function, which in \(where_) (\(feature) off) "
                + "runs on the global concurrent executor: it traps on every call, even from \(actor). Turning "
                + "\(feature) on makes it run on the caller's actor and hides the trap for \(actor) callers only."
        case (.offMain, .flipping) where settings?.nonisolatedNonsendingByDefault == true:
            return "`\(call)` is reached from a nonisolated async function, which in \(where_) (\(feature) on) "
                + "runs on its caller's actor: a call from the main actor traps (it held before the feature)."
        case (.offMain, .flipping):
            return "`\(call)` is reached from a nonisolated async function, which in \(where_) (\(feature) off) "
                + "runs on the global executor, so it holds today; turning \(feature) on makes it run on the "
                + "caller's actor, and a call from the main actor then traps."
        }
    }

    private final class Visitor: SyntaxVisitor {
        let rule: NonisolatedAsyncAssumptionRule
        let source: ParsedSource
        let memo: HelperMemo
        var candidates: [LintCandidate] = []

        init(rule: NonisolatedAsyncAssumptionRule, source: ParsedSource, memo: HelperMemo) {
            self.rule = rule
            self.source = source
            self.memo = memo
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let body = node.body, let executor = rule.executor(of: node, in: source),
                let (call, assumption, via) = rule.firstAssumption(in: body, memo: memo)
            else { return .visitChildren }
            let written: String
            switch assumption {
            case .onActor(_, let text): written = text
            case .offMain: written = "dispatchPrecondition(condition: .notOnQueue(.main))"
            }
            let settings = rule.index.targetSettings(of: source.path)
            guard var message = rule.consequence(of: assumption, call: written, executor: executor, settings: settings)
            else { return .visitChildren }
            if !via.isEmpty {
                message = "`\(node.name.text)` calls \(via.map { "`\($0)`" }.joined(separator: " → ")), which makes an "
                    + "isolation assumption: " + message
            }
            candidates.append(LintCandidate(
                rule: .isolationAssumptionInNonisolatedAsync, at: call.calledExpression, in: source, message: message,
                fix: "Say where it runs instead of assuming: mark `\(node.name.text)` `@MainActor` (callers hop to "
                    + "it), or `@concurrent` and hop with `await MainActor.run { … }` for the main-actor work."))
            return .visitChildren
        }
    }
}

/// The calls in a body, not looking into closures or nested declarations.
private final class CallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension NonisolatedAsyncAssumptionRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "isolation-assumption-in-nonisolated-async",
        helpLine: "assumeIsolated/dispatchPrecondition under a nonisolated async func",
        summary: "An isolation assumption in a nonisolated async function, whose outcome flips with NonisolatedNonsendingByDefault.",
        documentation: "`MainActor.assumeIsolated` or `dispatchPrecondition(condition: .onQueue(.main))`/"
            + "`.notOnQueue(.main)` in a nonisolated async function or a synchronous helper it calls: whether it "
            + "traps depends on NonisolatedNonsendingByDefault (the message says which way for the target)",
        rationale: "Without NonisolatedNonsendingByDefault a nonisolated async function runs on the global "
            + "concurrent executor; with it (SE-0461), on its caller's actor. An assumption about the main actor "
            + "made there flips with the setting: assumeIsolated traps on every call without it and only for "
            + "callers off the main actor with it; dispatchPrecondition(.notOnQueue(.main)) the other way round.",
        triggeringExamples: [
            LintExample("""
                import Dispatch

                func render() {
                    MainActor.assumeIsolated { print("drawn") }
                }

                nonisolated func refresh() async {
                    ↓render()
                }

                func load() async {
                    ↓dispatchPrecondition(condition: .notOnQueue(.main))
                }

                @concurrent func export() async {
                    ↓MainActor.assumeIsolated { print("exported") }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("""
                import Dispatch

                func render() {
                    MainActor.assumeIsolated { print("drawn") }
                }

                @MainActor func refresh() async { render() }

                actor Store {
                    func load() async { dispatchPrecondition(condition: .notOnQueue(.main)) }
                }

                func sync() { render() }

                @concurrent func export() async {
                    dispatchPrecondition(condition: .notOnQueue(.main))
                }
                """),
        ])

    static func check(_ run: LintRun) -> [LintCandidate] {
        NonisolatedAsyncAssumptionRule(index: run.index).check(run.sources)
    }
}

extension LintRule {
    /// `isolation-assumption-in-nonisolated-async`: see `NonisolatedAsyncAssumptionRule`.
    package static let isolationAssumptionInNonisolatedAsync = LintRule(NonisolatedAsyncAssumptionRule.self)
}
