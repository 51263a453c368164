import Foundation
import SwiftSyntax

/// `unchecked-sendable-generic-box`: a generic type that is `@unchecked
/// Sendable` for every `T`, stores a `T`, and hands out `T` or `inout T`
/// without `sending` — the seed's copyable `Box<T>`.
///
/// Such a box makes any value Sendable, main-actor closures included; a lock
/// inside serialises access but cannot move the value out of its isolation.
///
/// ```swift
/// let rule = GenericBoxRule(index: index)
/// let candidates = rule.check()
/// let boxes = rule.flaggedBoxes  // used by `unchecked-box-of-closure`
/// ```
struct GenericBoxRule {
    /// A flagged wrapper: its path and which generic parameter positions are
    /// unconstrained and handed out.
    struct FlaggedBox {
        let info: SourceIndex.TypeInfo
        let leakingPositions: Set<Int>
        /// How the check is switched off: "@unchecked Sendable", or plain
        /// Sendable over `nonisolated(unsafe)` storage.
        let conformance: String
    }

    let index: SourceIndex

    /// The boxes `check()` reports, keyed by type path.
    var flaggedBoxes: [String: FlaggedBox] {
        var boxes: [String: FlaggedBox] = [:]
        for info in index.types.values.joined() {
            if let analysis = analyse(info) {
                boxes[info.path.joined(separator: ".")] = FlaggedBox(
                    info: info, leakingPositions: analysis.positions, conformance: analysis.conformance)
            }
        }
        return boxes
    }

    func check() -> [LintCandidate] {
        var candidates: [LintCandidate] = []
        for info in index.types.values.joined() {
            guard let analysis = analyse(info) else { continue }
            let parameters = analysis.parameters.sorted().map { "`\($0)`" }.joined(separator: ", ")
            let typeName = info.path.joined(separator: ".")
            let outlets = analysis.outlets.joined(separator: "; ")
            candidates.append(LintCandidate(
                rule: .uncheckedSendableGenericBox, at: info.nameToken, in: info.source,
                message: "`\(typeName)` is \(analysis.conformance) for every \(parameters), stores \(analysis.storage) and "
                    + "hands \(parameters) out without `sending` (\(outlets)): any value becomes Sendable through it, "
                    + "so a main-actor closure or a non-Sendable object put in on one thread is used on another.",
                fix: "Use SafeBox<\(analysis.parameters.sorted().first ?? "T")> (or Mutex), whose withLock takes "
                    + "`inout sending` and returns `sending`; or require Sendable "
                    + "(`extension \(info.name): @unchecked Sendable where \(analysis.parameters.sorted().first ?? "T"): Sendable`)."))
        }
        return candidates
    }

    private struct Analysis {
        var parameters: Set<String>
        var positions: Set<Int>
        var outlets: [String]
        /// What is stored, as written: "`value: T`", "`handlers: [(T) -> Void]`".
        var storage: String
        /// How the compiler's check is switched off: "@unchecked Sendable",
        /// or a plain Sendable over `nonisolated(unsafe)` storage.
        var conformance: String
    }

    private func analyse(_ info: SourceIndex.TypeInfo) -> Analysis? {
        guard info.kind == .classType || info.kind == .structType || info.kind == .enumType,
            !info.genericParameters.isEmpty, let (block, declSource, _) = info.memberBlocks.first,
            !index.configuration.safeWrappers.contains(info.name)
        else { return nil }
        var unchecked = info.uncheckedSendableConformances
        // A plain `Sendable` conformance is unchecked for `nonisolated(unsafe)`
        // storage (`final class Lock<Value>: Sendable { nonisolated(unsafe) var value: Value }`).
        let overUnsafeStorage = unchecked.isEmpty
        if overUnsafeStorage {
            unchecked = info.conformances.filter { conformance in
                conformance.type.is(IdentifierTypeSyntax.self) || conformance.type.is(MemberTypeSyntax.self)
            }.filter { TypeSyntaxQueries.lastName(of: $0.type) == "Sendable" }
        }
        guard !unchecked.isEmpty else { return nil }

        // A parameter is safe if the declaration or every unchecked
        // conformance requires it to be Sendable.
        let alwaysConstrained = sendableConstrained(info.whereClause).union(
            info.genericParameters.filter { parameter in
                parameter.inheritedType.map {
                    TypeSyntaxQueries.impliesSendable($0, sendableProtocols: index.sendableProtocols)
                } ?? false
            }.map(\.name.text))
        var unconstrained: Set<String> = []
        for conformance in unchecked {
            let constrained = alwaysConstrained.union(sendableConstrained(conformance.condition))
            unconstrained.formUnion(Set(info.genericParameterNames).subtracting(constrained))
        }
        guard !unconstrained.isEmpty else { return nil }

        let stored = StoredMembers.members(of: block).typed.filter { member in
            !overUnsafeStorage || TypeSyntaxQueries.isNonisolatedUnsafe(member.modifiers)
        }
        let holdings = stored.map { member in
            (member: member, held: held(unconstrained, in: member.type, scope: info.path, box: info))
        }.filter { !$0.held.parameters.isEmpty }
        let storedParameters = holdings.reduce(into: Set<String>()) { $0.formUnion($1.held.parameters) }
        guard !storedParameters.isEmpty else { return nil }

        var outlets: [String] = []
        // Storage behind an unsafe pointer is reached only with explicitly
        // unsafe code (SafeBox's own `@usableFromInline` pointer).
        // `@usableFromInline` storage is the plumbing of inlinable public
        // accessors, which are judged on their own. So is a `let` holding a
        // storage class of the linted code (a Mutex backport's
        // `let storage: Storage<Value>`): the value is one more member away,
        // behind the accessors that take the lock.
        // A property wrapper's `wrappedValue` is what it hands out, whatever
        // attributes it carries.
        for member in stored where !TypeSyntaxQueries.isFilePrivate(member.modifiers)
            && (member.name == "wrappedValue" || !member.attributes.contains("usableFromInline"))
            && !isStorageHandle(member, in: info)
            && TypeSyntaxQueries.storesValue(of: storedParameters, in: member.type, ignoringUnsafePointers: true)
        {
            outlets.append("property `\(member.name)` at \(where_(member.node, declSource, info))")
        }
        for (memberBlock, source, condition) in info.memberBlocks {
            // Members of `extension Box where T: Sendable` only exist for Sendable T.
            let leaking = storedParameters.subtracting(sendableConstrained(condition))
            guard !leaking.isEmpty else { continue }
            for item in memberBlock.members {
                outlets += self.outlets(of: item.decl, handingOut: leaking, in: source, info: info)
            }
        }
        guard !outlets.isEmpty else { return nil }
        let positions = Set(info.genericParameterNames.enumerated().filter { storedParameters.contains($0.element) }.map(\.offset))
        let storage = holdings.map { holding in
            "`\(holding.member.name): \(holding.member.type.trimmedDescription)`"
                + (holding.held.via.isEmpty ? "" : " (via `\(holding.held.via.joined(separator: "` → `"))`)")
        }.joined(separator: ", ")
        return Analysis(
            parameters: storedParameters, positions: positions, outlets: outlets, storage: storage,
            conformance: overUnsafeStorage ? "Sendable over `nonisolated(unsafe)` storage" : "@unchecked Sendable")
    }

    /// Which of `parameters` a stored property of `type`, written in the
    /// type at `scope`, holds: those written in it (`var value: T`,
    /// `Storage<T>`), and those held by the stored members of a type nested
    /// in `box`, which sees the box's parameters without repeating them
    /// (`private let storage: Storage` beside
    /// `private final class Storage { var value: Value }`). `via` names the
    /// nested members passed through, e.g. `["Guarded.Storage.value: Value"]`.
    private func held(
        _ parameters: Set<String>, in type: TypeSyntax, scope: [String], box: SourceIndex.TypeInfo,
        visiting: Set<String> = []
    ) -> (parameters: Set<String>, via: [String]) {
        var held = parameters.filter { TypeSyntaxQueries.storesValue(of: [$0], in: type) }
        var via: [String] = []
        for path in TypeSyntaxQueries.heldTypePaths(in: type) where held != parameters {
            guard let name = path.last,
                let nested = index.type(named: name, qualifier: Array(path.dropLast()), from: scope, near: box.source.path),
                nested.path.count > box.path.count, nested.path.starts(with: box.path)
            else { continue }
            let key = nested.path.joined(separator: ".")
            guard !visiting.contains(key) else { continue }
            for member in StoredMembers.of(nested) {
                // A nested type's own parameter of the same name hides the box's.
                let wanted = parameters.subtracting(held).subtracting(nested.genericParameterNames)
                guard !wanted.isEmpty else { break }
                let inner = self.held(wanted, in: member.type, scope: nested.path, box: box, visiting: visiting.union([key]))
                guard !inner.parameters.isEmpty else { continue }
                held.formUnion(inner.parameters)
                if via.isEmpty { via = ["\(key).\(member.name): \(member.type.trimmedDescription)"] + inner.via }
            }
        }
        return (held, via)
    }

    /// Whether `member` is a `let` whose type is a class declared in the
    /// linted sources, e.g. `let storage: Storage<Value>`.
    private func isStorageHandle(_ member: StoredMembers.Member, in info: SourceIndex.TypeInfo) -> Bool {
        guard let binding = member.node.parent?.as(PatternBindingSyntax.self),
            let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
            variable.bindingSpecifier.tokenKind == .keyword(.let),
            let named = TypeSyntaxQueries.stripped(member.type).as(IdentifierTypeSyntax.self)
        else { return false }
        return index.type(named: named.name.text, from: info.path, near: info.source.path)?.kind == .classType
    }

    /// "line N" in the declaration's file, "File.swift:N" in another.
    private func where_(_ node: some SyntaxProtocol, _ source: ParsedSource, _ info: SourceIndex.TypeInfo) -> String {
        let line = source.location(of: node).line
        if source === info.source { return "line \(line)" }
        return "\((source.path as NSString).lastPathComponent):\(line)"
    }

    /// Calls that check isolation at run time in every build configuration:
    /// a member that makes one before handing the value out is confined like
    /// an actor (NIOLoopBound's `preconditionInEventLoop`).
    static let isolationPreconditions: Set<String> = [
        "preconditionInEventLoop", "preconditionIsolated", "assumeIsolated", "dispatchPrecondition",
    ]

    /// Whether `body` calls one of `isolationPreconditions`.
    private func checksIsolation(_ body: (some SyntaxProtocol)?) -> Bool {
        guard let body else { return false }
        let finder = IsolationCheckFinder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    /// Whether every accessor of a computed property checks isolation.
    private func checksIsolation(_ accessors: AccessorBlockSyntax?) -> Bool {
        guard let accessors else { return false }
        switch accessors.accessors {
        case .getter(let body): return checksIsolation(body)
        case .accessors(let list): return !list.isEmpty && list.allSatisfy { checksIsolation($0.body) }
        }
    }

    /// Members through which callers get the value: closures handed
    /// `T`/`inout T`, results and computed properties of type `T`.
    private func outlets(
        of decl: DeclSyntax, handingOut parameters: Set<String>, in source: ParsedSource, info: SourceIndex.TypeInfo
    ) -> [String] {
        if let function = decl.as(FunctionDeclSyntax.self) {
            guard !isHidden(function.modifiers) else { return [] }
            let parameters = parameters.subtracting(sendableConstrained(function.genericWhereClause))
            guard !parameters.isEmpty else { return [] }
            if checksIsolation(function.body) { return [] }
            var found: [String] = []
            let line = where_(function.name, source, info)
            let resultIsSafe = resultCannotCarryValue(function)
            for parameter in function.signature.parameterClause.parameters {
                guard let closure = TypeSyntaxQueries.stripped(parameter.type).as(FunctionTypeSyntax.self) else { continue }
                // A @Sendable body can neither capture a non-Sendable value to
                // store nor, with a Sendable or `sending` result, carry one out
                // (pointfree's LockIsolated.withValue).
                if resultIsSafe, isSendableFunction(parameter.type) { continue }
                for element in closure.parameters where TypeSyntaxQueries.mentions(parameters, in: element.type)
                    && !TypeSyntaxQueries.specifiers(of: element.type).contains("sending")
                {
                    found.append("`\(function.name.text)` passes `\(element.type.trimmedDescription)` to its closure at \(line)")
                }
            }
            if let result = function.signature.returnClause?.type, returnsWithoutSending(result, parameters) {
                found.append("`\(function.name.text)` returns `\(result.trimmedDescription)` at \(line)")
            }
            return found
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            guard !isHidden(variable.modifiers) else { return [] }
            return variable.bindings.compactMap { binding in
                guard !StoredMembers.isStored(binding), let type = binding.typeAnnotation?.type,
                    returnsWithoutSending(type, parameters), !checksIsolation(binding.accessorBlock)
                else { return nil }
                return "computed property `\(binding.pattern.trimmedDescription)` at \(where_(binding.pattern, source, info))"
            }
        }
        if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
            guard !isHidden(subscriptDecl.modifiers) else { return [] }
            let result = subscriptDecl.returnClause.type
            if returnsWithoutSending(result, parameters), !checksIsolation(subscriptDecl.accessorBlock) {
                return ["subscript returning `\(result.trimmedDescription)` at \(where_(subscriptDecl.subscriptKeyword, source, info))"]
            }
        }
        return []
    }

    /// Whether `type` is written `@Sendable` (or global-actor isolated).
    private func isSendableFunction(_ type: TypeSyntax) -> Bool {
        var current = type
        while let attributed = current.as(AttributedTypeSyntax.self) {
            let names = TypeSyntaxQueries.attributeNames(attributed.attributes)
            if names.contains("Sendable") || names.contains(where: index.globalActors.contains) { return true }
            current = attributed.baseType
        }
        return false
    }

    /// Whether a function's result cannot hand a non-Sendable value back:
    /// none, `Void`, `sending`, or a generic parameter required to be Sendable.
    private func resultCannotCarryValue(_ function: FunctionDeclSyntax) -> Bool {
        guard let result = function.signature.returnClause?.type else { return true }
        if ["Void", "()"].contains(result.trimmedDescription) { return true }
        if TypeSyntaxQueries.specifiers(of: result).contains("sending") { return true }
        let name = TypeSyntaxQueries.stripped(result).trimmedDescription
        let constrained = sendableConstrained(function.genericWhereClause).union(
            (function.genericParameterClause?.parameters ?? []).filter { parameter in
                parameter.inheritedType.map {
                    TypeSyntaxQueries.impliesSendable($0, sendableProtocols: index.sendableProtocols)
                } ?? false
            }.map(\.name.text))
        return constrained.contains(name)
    }

    private func returnsWithoutSending(_ type: TypeSyntax, _ parameters: Set<String>) -> Bool {
        TypeSyntaxQueries.mentions(parameters, in: type) && !TypeSyntaxQueries.specifiers(of: type).contains("sending")
    }

    /// Static members cannot reach instance storage; private ones are the
    /// box's own business.
    private func isHidden(_ modifiers: DeclModifierListSyntax) -> Bool {
        TypeSyntaxQueries.isFilePrivate(modifiers) || TypeSyntaxQueries.hasModifier(modifiers, "static")
            || TypeSyntaxQueries.hasModifier(modifiers, "class")
    }

    /// Parameters a `where` clause requires to be Sendable.
    private func sendableConstrained(_ clause: GenericWhereClauseSyntax?) -> Set<String> {
        var names: Set<String> = []
        for requirement in clause?.requirements ?? [] {
            if case .conformanceRequirement(let conformance) = requirement.requirement,
                TypeSyntaxQueries.impliesSendable(conformance.rightType, sendableProtocols: index.sendableProtocols)
            {
                names.insert(conformance.leftType.trimmedDescription)
            }
        }
        return names
    }
}

/// Looks for a call to one of `GenericBoxRule.isolationPreconditions`.
private final class IsolationCheckFinder: SyntaxVisitor {
    var found = false
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee: String?
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            callee = member.declName.baseName.text
        } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            callee = reference.baseName.text
        } else {
            callee = nil
        }
        if let callee, GenericBoxRule.isolationPreconditions.contains(callee) { found = true }
        return found ? .skipChildren : .visitChildren
    }
}

extension GenericBoxRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "unchecked-sendable-generic-box",
        helpLine: "a generic @unchecked Sendable box hands out T without `sending`",
        summary: "A generic @unchecked Sendable wrapper hands out an unconstrained T or inout T without `sending`.",
        documentation: "a generic `@unchecked Sendable` wrapper that stores an unconstrained `T` and hands out `T` "
            + "or `inout T` without `sending` (use SafeBox)",
        rationale: "A wrapper that is @unchecked Sendable for every T makes any value Sendable, including "
            + "main-actor closures and non-Sendable classes. A lock inside does not help: the value is "
            + "still used on a thread its isolation does not allow. Mutex and SafeBox avoid this by taking "
            + "the value as `inout sending` and returning `sending` results.",
        triggeringExamples: [
            LintExample("""
                final class ↓Box<T>: @unchecked Sendable {
                    var value: T
                    init(_ value: T) { self.value = value }
                }
                """),
            LintExample("""
                import Foundation

                final class ↓LockedBox<Value>: @unchecked Sendable {
                    private var value: Value
                    private let lock = NSLock()
                    init(_ value: Value) { self.value = value }
                    func withLock<R>(_ body: (inout Value) -> R) -> R {
                        lock.lock()
                        defer { lock.unlock() }
                        return body(&value)
                    }
                }
                """),
            LintExample("""
                import Synchronization

                final class ↓FacadeLock<Value>: Sendable {
                    private let locked = Atomic<Bool>(false)
                    private nonisolated(unsafe) var value: Value
                    init(_ value: Value) { self.value = value }
                    func withLock<R>(_ body: (inout Value) -> R) -> R { body(&value) }
                }
                """),
            // The value lives in a nested class, which sees `Value` without
            // repeating it; the conformance is an extension (or in another file).
            LintExample("""
                import Foundation

                struct ↓Guarded<Value> {
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
                """),
        ],
        nonTriggeringExamples: [
            // Sendable storage; `nonisolated(unsafe)` only on a counter.
            LintExample("""
                final class Counter<Value: Sendable>: Sendable {
                    nonisolated(unsafe) var count = 0
                    let value: Value
                    init(_ value: Value) { self.value = value }
                }
                """),
            LintExample("""
                final class Box<T>: @unchecked Sendable where T: Sendable {
                    var value: T
                    init(_ value: T) { self.value = value }
                }
                """),
            LintExample("""
                import Foundation

                final class LockedBox<Value>: @unchecked Sendable {
                    private var value: Value
                    private let lock = NSLock()
                    init(_ value: sending Value) { self.value = value }
                    func withLock<R>(_ body: (inout sending Value) -> sending R) -> sending R {
                        lock.lock()
                        defer { lock.unlock() }
                        return body(&value)
                    }
                }
                """),
        ])

    static func check(_ run: LintRun) -> [LintCandidate] {
        GenericBoxRule(index: run.index).check()
    }

    /// The flagged boxes, for `unchecked-box-of-closure`.
    static func output(_ run: LintRun) -> [String: FlaggedBox] {
        GenericBoxRule(index: run.index).flaggedBoxes
    }
}

extension LintRule {
    /// `unchecked-sendable-generic-box`: see `GenericBoxRule`.
    package static let uncheckedSendableGenericBox = LintRule(GenericBoxRule.self)
}
