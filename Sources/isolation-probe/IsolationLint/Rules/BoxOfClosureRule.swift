import SwiftSyntax

/// `unchecked-box-of-closure`: a wrapper flagged by
/// `unchecked-sendable-generic-box` instantiated with a function type that is
/// not `@Sendable` — the seed's `Box<LoggingSink>` with
/// `typealias LoggingSink = (String) -> Void`, which crashes once a main-actor
/// initializer stores a closure and a background queue calls it.
///
/// Reported at the use, because the fix there (`@Sendable` in the alias) is
/// the smallest one even when the box itself cannot change.
///
/// ```swift
/// let rule = BoxOfClosureRule(index: index, boxes: GenericBoxRule(index: index).flaggedBoxes)
/// let candidates = rule.check(sources)
/// ```
struct BoxOfClosureRule {
    let index: SourceIndex
    let boxes: [String: GenericBoxRule.FlaggedBox]

    func check(_ sources: [ParsedSource]) -> [LintCandidate] {
        guard !boxes.isEmpty || !index.configuration.unsafeBoxes.isEmpty else { return [] }
        var candidates: [LintCandidate] = []
        for source in sources {
            let visitor = Visitor(rule: self, source: source)
            visitor.walk(source.tree)
            candidates += visitor.candidates
        }
        return candidates
    }

    /// The candidate for `Name<arguments>` written at `node`, if `Name` is a
    /// flagged box and a leaking argument holds a non-`@Sendable` function.
    fileprivate func candidate(
        name: String, qualifier: [String], arguments: GenericArgumentClauseSyntax, scope: [String],
        source: ParsedSource
    ) -> LintCandidate? {
        let info = index.type(named: name, qualifier: qualifier, from: scope, near: source.path)
        let boxName: String
        let leaking: (Int) -> Bool
        var conformance = "@unchecked Sendable"
        if let info, let box = boxes[info.path.joined(separator: ".")] {
            boxName = info.path.joined(separator: ".")
            leaking = box.leakingPositions.contains
            conformance = box.conformance
        } else if index.configuration.unsafeBoxes.contains(name) {
            // Declared where the linter cannot look: every argument leaks.
            boxName = info?.path.joined(separator: ".") ?? (qualifier + [name]).joined(separator: ".")
            leaking = { _ in true }
        } else {
            return nil
        }
        let finder = FunctionTypeFinder(index: index)
        for (position, argument) in arguments.arguments.enumerated() where leaking(position) {
            guard case .type(let type) = argument.argument else { continue }
            let hits = finder.nonSendableFunctionTypes(in: type, scope: scope, genericParameters: [], file: source.path)
            guard let hit = hits.first else { continue }
            let fixes = hits.compactMap(\.fix)
            return LintCandidate(
                rule: .uncheckedBoxOfClosure, at: argument, in: source,
                message: "`\(boxName)<\(type.trimmedDescription)>` puts \(hit.description), which is not @Sendable, "
                    + "in `\(boxName)`, which is \(conformance) for any value: a closure stored from main-actor "
                    + "code and called through the box on another thread traps in its isolation check."
                    + (index.targetSettings(of: source.path)?.mainActorClosureNote.map { " " + $0 } ?? ""),
                fix: "Make the function type `@Sendable` (`@Sendable \(hit.spelling)`, in the type alias if there is "
                    + "one), and store it in SafeBox or Mutex instead of `\(boxName)`.",
                insertions: fixes.count == hits.count ? fixes : [])
        }
        return nil
    }

    /// The candidate for `Name(argument)` written at `call`, where `Name` is
    /// a flagged box with one generic parameter that the compiler infers from
    /// the argument: a closure literal that is not `@Sendable`, or a
    /// parameter, local or property declared with a non-`@Sendable` function type.
    fileprivate func inferredCandidate(
        name: String, qualifier: [String], call: FunctionCallExprSyntax, scope: [String], source: ParsedSource
    ) -> LintCandidate? {
        guard let info = index.type(named: name, qualifier: qualifier, from: scope, near: source.path),
            info.genericParameters.count == 1, let box = boxes[info.path.joined(separator: ".")],
            box.leakingPositions == [0],
            let argument = call.arguments.first?.expression ?? call.trailingClosure.map(ExprSyntax.init)
        else { return nil }
        let finder = FunctionTypeFinder(index: index)
        let stored: String
        if let closure = argument.as(ClosureExprSyntax.self) {
            guard let hit = finder.nonSendableFunctionTypes(inInitializer: ExprSyntax(closure)).first else { return nil }
            stored = "a \(hit.spelling)"
        } else if let reference = argument.as(DeclReferenceExprSyntax.self),
            let type = DeclaredType.of(reference.baseName.text, before: call),
            let hit = finder.nonSendableFunctionTypes(in: type, scope: scope, genericParameters: [], file: source.path).first
        {
            stored = "`\(reference.baseName.text)`, of type \(hit.description),"
        } else {
            return nil
        }
        let boxName = info.path.joined(separator: ".")
        return LintCandidate(
            rule: .uncheckedBoxOfClosure, at: call, in: source,
            message: "`\(boxName)(…)` infers its type argument from \(stored) which is not @Sendable, so the "
                + "closure goes into `\(boxName)`, which is \(box.conformance) for any value: a closure stored "
                + "from main-actor code and called through the box on another thread traps in its isolation check."
                + (index.targetSettings(of: source.path)?.mainActorClosureNote.map { " " + $0 } ?? ""),
            fix: "Make the closure `@Sendable` (write the type: `\(boxName)<@Sendable (…) -> …>(…)`), and store it "
                + "in SafeBox or Mutex instead of `\(boxName)`.")
    }

    private final class Visitor: ScopedVisitor {
        let rule: BoxOfClosureRule
        let source: ParsedSource
        var candidates: [LintCandidate] = []

        init(rule: BoxOfClosureRule, source: ParsedSource) {
            self.rule = rule
            self.source = source
            super.init()
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            // `Box<F>.Isolated` names the nested type; `Box<F>` itself is not
            // instantiated (NIO's `EventLoopFuture<F>.Isolated` is non-Sendable).
            if node.parent?.as(MemberTypeSyntax.self)?.baseType.id == node.id { return .visitChildren }
            if let arguments = node.genericArgumentClause, let found = rule.candidate(
                name: node.name.text, qualifier: [], arguments: arguments, scope: scope, source: source)
            {
                candidates.append(found)
            }
            return .visitChildren
        }

        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
            if let arguments = node.genericArgumentClause, let found = rule.candidate(
                name: node.name.text, qualifier: TypeSyntaxQueries.path(of: node.baseType), arguments: arguments,
                scope: scope, source: source)
            {
                candidates.append(found)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            // `Box(…)` without written arguments; `Box<F>(…)` is a specialization.
            let name: String?
            var qualifier: [String] = []
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                name = reference.baseName.text
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                member.declName.baseName.text.first?.isUppercase == true
            {
                name = member.declName.baseName.text
                qualifier = base.trimmedDescription.split(separator: ".").map(String.init)
            } else {
                name = nil
            }
            if let name, name.first?.isUppercase == true, let found = rule.inferredCandidate(
                name: name, qualifier: qualifier, call: node, scope: scope, source: source)
            {
                candidates.append(found)
            }
            return .visitChildren
        }

        override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
            let name: String?
            var qualifier: [String] = []
            if let reference = node.expression.as(DeclReferenceExprSyntax.self) {
                name = reference.baseName.text
            } else if let member = node.expression.as(MemberAccessExprSyntax.self) {
                name = member.declName.baseName.text
                if let base = member.base { qualifier = base.trimmedDescription.split(separator: ".").map(String.init) }
            } else {
                name = nil
            }
            if let name, let found = rule.candidate(
                name: name, qualifier: qualifier, arguments: node.genericArgumentClause, scope: scope, source: source)
            {
                candidates.append(found)
            }
            return .visitChildren
        }
    }
}

/// The written type of a name visible at a use: a parameter of an enclosing
/// function, initializer or closure, a local declared before the use in an
/// enclosing block, or a stored property of the enclosing type.
///
/// ```swift
/// let type = DeclaredType.of("handler", before: call)  // `(String) -> Void` from `init(handler: …)`
/// ```
enum DeclaredType {
    static func of(_ name: String, before use: some SyntaxProtocol) -> TypeSyntax? {
        var cursor = Syntax(use).parent
        while let node = cursor {
            if let block = node.as(CodeBlockItemListSyntax.self),
                let type = local(name, in: block, before: use.position)
            {
                return type
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                if let type = parameter(name, in: function.signature.parameterClause.parameters) { return type }
            } else if let initializer = node.as(InitializerDeclSyntax.self) {
                if let type = parameter(name, in: initializer.signature.parameterClause.parameters) { return type }
            } else if let closure = node.as(ClosureExprSyntax.self),
                case .parameterClause(let clause) = closure.signature?.parameterClause
            {
                if let match = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return match.type
                }
            } else if let members = node.as(MemberBlockSyntax.self) {
                return StoredMembers.members(of: members).typed.first { $0.name == name }?.type
            }
            cursor = node.parent
        }
        return nil
    }

    private static func parameter(_ name: String, in parameters: FunctionParameterListSyntax) -> TypeSyntax? {
        parameters.first { ($0.secondName ?? $0.firstName).text == name }?.type
    }

    private static func local(_ name: String, in block: CodeBlockItemListSyntax, before position: AbsolutePosition) -> TypeSyntax? {
        var found: TypeSyntax?
        for item in block where item.position < position {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.trimmedDescription == name {
                found = binding.typeAnnotation?.type
            }
        }
        return found
    }
}

extension BoxOfClosureRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "unchecked-box-of-closure",
        helpLine: "such a box is instantiated with a non-@Sendable function type",
        summary: "An unconditionally @unchecked Sendable wrapper is instantiated with a non-@Sendable function type.",
        documentation: "a wrapper flagged by `unchecked-sendable-generic-box` instantiated with a non-`@Sendable` function type, e.g. "
            + "`Box<(String) -> Void>`, or with one the compiler infers: `Box({ … })`, `Box(handler)`",
        rationale: UncheckedStoredClosureRule.description.rationale,
        triggeringExamples: [
            LintExample("""
                typealias LoggingSink = (String) -> Void

                final class Box<T>: @unchecked Sendable {
                    var value: T
                    init(_ value: T) { self.value = value }
                }

                enum Logging {
                    static let sink = Box<↓LoggingSink>({ print($0) })
                    static let inferred = ↓Box({ (message: String) in print(message) })
                }
                """),
            // A lock declared plain Sendable over `nonisolated(unsafe)` storage.
            LintExample("""
                import Foundation

                final class SomeLock<Value>: Sendable {
                    private let lock = NSLock()
                    private nonisolated(unsafe) var value: Value
                    init(_ value: Value) { self.value = value }
                    func withLock<R>(_ body: (inout Value) -> R) -> R {
                        lock.lock()
                        defer { lock.unlock() }
                        return body(&value)
                    }
                }

                enum Hooks {
                    static let hook = SomeLock<↓(() -> Void)?>(nil)
                }
                """),
            // A box whose value lives in a nested class, Sendable by an extension.
            LintExample("""
                import Foundation

                struct Guarded<Value> {
                    private final class Storage { var value: Value; init(_ v: Value) { value = v } }
                    private let storage: Storage
                    private let lock = NSLock()
                    init(_ value: Value) { storage = Storage(value) }
                    func withLock<R>(_ body: (inout Value) -> R) -> R {
                        lock.lock()
                        defer { lock.unlock() }
                        return body(&storage.value)
                    }
                }

                extension Guarded: @unchecked Sendable {}

                enum Hooks { static let onBlocked = Guarded<↓(() -> Void)?>(nil) }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("""
                final class Box<T>: @unchecked Sendable {
                    var value: T
                    init(_ value: T) { self.value = value }
                }

                enum Logging {
                    static let sink = Box<@Sendable (String) -> Void>({ print($0) })
                    static let count = Box<Int>(0)
                }
                """),
            LintExample("""
                final class Box<T>: @unchecked Sendable where T: Sendable {
                    var value: T
                    init(_ value: T) { self.value = value }
                }

                let sink = Box<(String) -> Void>({ print($0) })
                """),
            // Reported as `unchecked-sendable-stored-closure` instead (`yieldsTo`).
            LintExample("""
                final class Box<T>: @unchecked Sendable {
                    var value: T
                    init(_ value: T) { self.value = value }
                }

                final class Hub: @unchecked Sendable {
                    let hooks: Box<(Int) -> Void> = Box({ _ in })
                }
                """),
        ],
        corrections: [
            LintCorrection(
                before: LintExample("""
                    typealias LoggingSink = (String) -> Void

                    final class Box<T>: @unchecked Sendable {
                        var value: T
                        init(_ value: T) { self.value = value }
                    }

                    enum Logging {
                        static let sink = Box<LoggingSink>({ print($0) })
                    }

                    """),
                after: """
                    typealias LoggingSink = @Sendable (String) -> Void

                    final class Box<T>: @unchecked Sendable {
                        var value: T
                        init(_ value: T) { self.value = value }
                    }

                    enum Logging {
                        static let sink = Box<LoggingSink>({ print($0) })
                    }

                    """)
        ])

    /// The flagged boxes come from `unchecked-sendable-generic-box`.
    static var inputs: [any SourceLintRule.Type] { [GenericBoxRule.self] }

    /// A stored property already reported as a stored closure is not reported
    /// again for the box it is written with.
    static var yieldsTo: [any LintRuleDefinition.Type] { [UncheckedStoredClosureRule.self] }

    static func check(_ run: LintRun) -> [LintCandidate] {
        BoxOfClosureRule(index: run.index, boxes: run.output(of: GenericBoxRule.self)).check(run.sources)
    }
}

extension LintRule {
    /// `unchecked-box-of-closure`: see `BoxOfClosureRule`.
    package static let uncheckedBoxOfClosure = LintRule(BoxOfClosureRule.self)
}
