import SwiftSyntax

/// `nonisolated-unsafe-mutable-closure`: a `nonisolated(unsafe) var` (a
/// global, a static or an instance member) whose type holds a function.
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
            let visitor = Visitor(source: source, finder: finder, settingsNote: index.targetSettings(of: source.path)?.mainActorClosureNote)
            visitor.walk(source.tree)
            candidates += visitor.candidates
        }
        return candidates
    }

    private final class Visitor: ScopedVisitor {
        let source: ParsedSource
        let finder: FunctionTypeFinder
        /// What the target's default isolation makes of the closures stored.
        let settingsNote: String?
        var candidates: [LintCandidate] = []

        init(source: ParsedSource, finder: FunctionTypeFinder, settingsNote: String?) {
            self.source = source
            self.finder = finder
            self.settingsNote = settingsNote
            super.init()
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard TypeSyntaxQueries.isNonisolatedUnsafe(node.modifiers), node.bindingSpecifier.text == "var" else {
                return .visitChildren
            }
            let isStatic = TypeSyntaxQueries.hasModifier(node.modifiers, "static")
                || TypeSyntaxQueries.hasModifier(node.modifiers, "class")
            guard let place = Self.place(of: node) else { return .visitChildren }
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
                let kind = isStatic ? "static" : place == .global ? "global" : "member"
                let message: String
                if hit.isSafe {
                    message = "`\(name)` is a nonisolated(unsafe) mutable \(kind) holding \(hit.description): "
                        + "replacing it while another thread reads it is a data race the compiler no longer sees."
                } else {
                    message = "`\(name)` is a nonisolated(unsafe) mutable \(kind) holding \(hit.description), "
                        + "which is not @Sendable: a closure assigned from main-actor code runs on whichever "
                        + "thread reads the variable, where its isolation check traps; writes also race with reads."
                        + (settingsNote.map { " " + $0 } ?? "")
                }
                candidates.append(LintCandidate(
                    rule: .nonisolatedUnsafeMutableClosure, at: binding.pattern, in: source, message: message,
                    fix: "Store a `@Sendable` function in a lock: "
                        + "`\(isStatic ? "static " : "")let \(binding.pattern.trimmedDescription) = SafeBox<@Sendable (…) -> …>(…)` "
                        + "(or Mutex) with computed get/set through withLock; or make it a `let`, or isolate "
                        + "it with `@MainActor`."))
            }
            return .visitChildren
        }

        /// Where a variable is declared, as far as this rule cares.
        enum Place { case global, member }

        /// A global (also inside `#if`) or a type's member; nil for a local,
        /// whose `nonisolated(unsafe)` no other thread can reach.
        static func place(of variable: VariableDeclSyntax) -> Place? {
            var cursor = variable.parent
            while let node = cursor {
                if node.is(MemberBlockSyntax.self) { return .member }
                if node.is(SourceFileSyntax.self) { return .global }
                if node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self) || node.is(AccessorBlockSyntax.self) {
                    return nil
                }
                cursor = node.parent
            }
            return nil
        }
    }
}

extension NonisolatedUnsafeClosureRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "nonisolated-unsafe-mutable-closure",
        helpLine: "a nonisolated(unsafe) var holds a function",
        summary: "A nonisolated(unsafe) mutable global, static or member holds a function value.",
        documentation: "a `nonisolated(unsafe) var` (global, static or member, with any access modifier) holding a function",
        rationale: "nonisolated(unsafe) turns off checking of the variable itself: assignments race with "
            + "reads, and a closure stored from isolated code runs wherever the variable is read.",
        triggeringExamples: [
            LintExample("nonisolated(unsafe) var ↓globalHook: (() -> Void)? = nil"),
            LintExample("""
                #if DEBUG
                nonisolated(unsafe) internal var ↓log: (String) -> Void = { print($0) }
                #endif

                final class Runner: Sendable {
                    nonisolated(unsafe) var ↓onStart: ((Runner) -> Void)?
                    nonisolated(unsafe) public private(set) var ↓onStop: () -> Void = {}
                }
                """),
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
            LintExample("""
                func run() {
                    nonisolated(unsafe) var local: () -> Void = {}
                    local()
                }
                """),
            // Reported as `unchecked-sendable-stored-closure` instead (`yieldsTo`).
            LintExample("""
                final class Runner: @unchecked Sendable {
                    nonisolated(unsafe) var onStart: (() -> Void)?
                }
                """),
        ])

    /// A member of an `@unchecked Sendable` type is reported once, as a stored closure.
    static var yieldsTo: [any LintRuleDefinition.Type] { [UncheckedStoredClosureRule.self] }

    static func check(_ run: LintRun) -> [LintCandidate] {
        NonisolatedUnsafeClosureRule(index: run.index).check(run.sources)
    }
}

extension LintRule {
    /// `nonisolated-unsafe-mutable-closure`: see `NonisolatedUnsafeClosureRule`.
    package static let nonisolatedUnsafeMutableClosure = LintRule(NonisolatedUnsafeClosureRule.self)
}
