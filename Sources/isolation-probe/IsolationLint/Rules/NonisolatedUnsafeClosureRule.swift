import SwiftSyntax

/// `nonisolated-unsafe-mutable-closure`: a `nonisolated(unsafe) var` (a
/// global, a static or an instance member) whose type holds a function that
/// is not `@Sendable`.
///
/// `nonisolated(unsafe)` switches off checking of the variable: a
/// non-`@Sendable` closure assigned from main-actor code runs on whichever
/// thread reads the variable, where its isolation check traps. A variable
/// holding only `@Sendable` or global-actor functions has no such trap; its
/// replace-while-read race is `nonisolated-unsafe-replaceable-function`'s,
/// which reads this rule's `output`.
///
/// ```swift
/// let rule = NonisolatedUnsafeClosureRule(index: index)
/// let candidates = rule.check(sources)
/// let onlySafe = rule.variables(in: sources).filter(\.holdsOnlySafeFunctions)
/// ```
struct NonisolatedUnsafeClosureRule {
    /// A `nonisolated(unsafe) var` that holds functions, and which.
    struct FunctionVariable {
        let binding: PatternBindingSyntax
        let source: ParsedSource
        /// The qualified name, e.g. `Logging.fallback`.
        let name: String
        /// "static", "global" or "member", as the messages say it.
        let kind: String
        let isStatic: Bool
        /// The functions it holds, safe ones (`@Sendable`, `@MainActor`…) marked.
        let hits: [FunctionTypeFinder.Hit]

        /// Whether every function it holds may be called on any thread.
        var holdsOnlySafeFunctions: Bool { hits.allSatisfy(\.isSafe) }

        /// The fix both rules about such variables give.
        var fix: String {
            "Store a `@Sendable` function in a lock: "
                + "`\(isStatic ? "static " : "")let \(binding.pattern.trimmedDescription) = SafeBox<@Sendable (…) -> …>(…)` "
                + "(or Mutex) with computed get/set through withLock; or make it a `let`, or isolate "
                + "it with `@MainActor`."
        }
    }

    let index: SourceIndex

    /// The variables holding a function that is not `@Sendable`.
    func check(_ sources: [ParsedSource]) -> [LintCandidate] {
        variables(in: sources).compactMap { variable in
            guard let hit = variable.hits.first(where: { !$0.isSafe }) else { return nil }
            let settingsNote = index.targetSettings(of: variable.source.path)?.mainActorClosureNote
            return LintCandidate(
                rule: .nonisolatedUnsafeMutableClosure, at: variable.binding.pattern, in: variable.source,
                message: "`\(variable.name)` is a nonisolated(unsafe) mutable \(variable.kind) holding \(hit.description), "
                    + "which is not @Sendable: a closure assigned from main-actor code runs on whichever "
                    + "thread reads the variable, where its isolation check traps; writes also race with reads."
                    + (settingsNote.map { " " + $0 } ?? ""),
                fix: variable.fix)
        }
    }

    /// Every `nonisolated(unsafe) var` in `sources` that holds a function,
    /// `@Sendable` or not (locals excepted: no other thread reaches them).
    func variables(in sources: [ParsedSource]) -> [FunctionVariable] {
        var finder = FunctionTypeFinder(index: index)
        finder.includeSafeFunctions = true
        var variables: [FunctionVariable] = []
        for source in sources {
            let visitor = Visitor(source: source, finder: finder)
            visitor.walk(source.tree)
            variables += visitor.variables
        }
        return variables
    }

    private final class Visitor: ScopedVisitor {
        let source: ParsedSource
        let finder: FunctionTypeFinder
        var variables: [FunctionVariable] = []

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
                guard !hits.isEmpty else { continue }
                variables.append(FunctionVariable(
                    binding: binding, source: source, name: (scope + [binding.pattern.trimmedDescription]).joined(separator: "."),
                    kind: isStatic ? "static" : place == .global ? "global" : "member", isStatic: isStatic, hits: hits))
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
        helpLine: "a nonisolated(unsafe) var holds a non-@Sendable function",
        summary: "A nonisolated(unsafe) mutable global, static or member holds a function that is not @Sendable.",
        documentation: "a `nonisolated(unsafe) var` (global, static or member, with any access modifier) holding a "
            + "function that is not `@Sendable`",
        rationale: "nonisolated(unsafe) turns off checking of the variable itself: a closure stored from "
            + "isolated code runs wherever the variable is read, and assignments race with reads.",
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
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("nonisolated(unsafe) let globalHook: @Sendable () -> Void = {}"),
            // A @Sendable function runs correctly on any thread; replacing it
            // while another thread reads it is `nonisolated-unsafe-replaceable-function`'s.
            LintExample("""
                public final class Job: Sendable {
                    nonisolated(unsafe) public var onDone: (@MainActor @Sendable () -> Void)?
                }

                enum Logging {
                    nonisolated(unsafe) static var replaceable: @Sendable () -> Void = {}
                }
                """),
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

    /// Every `nonisolated(unsafe) var` holding a function, for
    /// `nonisolated-unsafe-replaceable-function`.
    static func output(_ run: LintRun) -> [FunctionVariable] {
        NonisolatedUnsafeClosureRule(index: run.index).variables(in: run.sources)
    }
}

extension LintRule {
    /// `nonisolated-unsafe-mutable-closure`: see `NonisolatedUnsafeClosureRule`.
    package static let nonisolatedUnsafeMutableClosure = LintRule(NonisolatedUnsafeClosureRule.self)
}
