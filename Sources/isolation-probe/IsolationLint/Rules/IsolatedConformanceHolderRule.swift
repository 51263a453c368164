import Foundation
import SwiftSyntax

/// `unchecked-holder-of-isolated-conformance`: an `@unchecked Sendable` type,
/// or `nonisolated(unsafe)` storage, holding an existential (`any P`) or a
/// generic value (`T: P`) of a protocol `P` that some type in the linted code
/// conforms to with an isolated conformance (SE-0470): written
/// `extension T: @MainActor P`, or inferred for a main-actor type under
/// InferIsolatedConformances (every unannotated type of a default-MainActor target).
///
/// The compiler keeps isolated conformances on their actor by refusing to
/// send such values; the unchecked holder carries one across anyway, and a
/// `P` requirement called through it on another thread runs the main-actor
/// witness there: a silent race, or a trap with `-enable-actor-data-race-checks`.
///
/// ```swift
/// let candidates = IsolatedConformanceHolderRule(index: index).check(sources)
/// ```
struct IsolatedConformanceHolderRule {
    let index: SourceIndex

    /// One isolated conformance: who conforms, where, and why it is isolated.
    struct IsolatedConformance {
        let typeName: String
        let actor: String
        let place: String
        /// "written `@MainActor P`" or the settings that infer it.
        let reason: String
    }

    /// Protocols that cannot have isolated conformances, or are isolated
    /// themselves wherever they come from.
    private static let neverIsolated: Set<String> = ["Sendable", "SendableMetatype", "Error", "Actor", "AnyObject"]

    /// Every protocol with an isolated conformance in the linted code, by name.
    func isolatedConformances() -> [String: IsolatedConformance] {
        var found: [String: IsolatedConformance] = [:]
        for info in index.types.values.joined() where [.structType, .classType, .enumType].contains(info.kind) {
            let settings = index.targetSettings(of: info.source.path)
            let typeActor = TypeSyntaxQueries.attributeNames(info.attributes).first(where: index.globalActors.contains)
            let declaredNonisolated = info.nameToken.parent?.asProtocol((any WithModifiersSyntax).self)
                .map { TypeSyntaxQueries.hasModifier($0.modifiers, "nonisolated") } ?? false
            let inferredActor: String? = settings?.inferIsolatedConformances == true && !declaredNonisolated
                ? (typeActor ?? (settings?.isMainActorByDefault == true ? "MainActor" : nil)) : nil
            let name = info.path.joined(separator: ".")
            for conformance in info.conformances {
                let line = info.source.location(of: conformance.type).line
                let place = "\((info.source.path as NSString).lastPathComponent):\(line)"
                if let attributed = conformance.type.as(AttributedTypeSyntax.self),
                    let actor = TypeSyntaxQueries.attributeNames(attributed.attributes).first(where: index.globalActors.contains)
                {
                    let proto = TypeSyntaxQueries.lastName(of: attributed.baseType)
                    found[proto] = found[proto] ?? IsolatedConformance(
                        typeName: name, actor: actor, place: place, reason: "written `@\(actor) \(proto)`")
                    continue
                }
                guard let actor = inferredActor, let settings,
                    conformance.type.is(IdentifierTypeSyntax.self) || conformance.type.is(MemberTypeSyntax.self)
                else { continue }
                let proto = TypeSyntaxQueries.lastName(of: conformance.type)
                guard isNonisolatedProtocol(proto, near: info.source.path) else { continue }
                found[proto] = found[proto] ?? IsolatedConformance(
                    typeName: name, actor: actor, place: place,
                    reason: "inferred: target `\(settings.name)` has "
                        + (typeActor == nil ? "default isolation MainActor and " : "")
                        + "InferIsolatedConformances")
            }
        }
        return found
    }

    /// Whether `name` is a protocol a main-actor type's conformance to is
    /// isolated: not Sendable, and not main-actor isolated itself (declared
    /// with a global actor, or unannotated in a default-MainActor target).
    /// Names the linted code does not declare as a type are taken for
    /// protocols of other modules (`Hashable`, `Codable`).
    private func isNonisolatedProtocol(_ name: String, near path: String) -> Bool {
        guard !Self.neverIsolated.contains(name), !index.sendableProtocols.contains(name) else { return false }
        guard let declared = index.type(named: name, from: [], near: path) else { return true }
        guard declared.kind == .protocolType else { return false }
        if TypeSyntaxQueries.attributeNames(declared.attributes).contains(where: index.globalActors.contains) { return false }
        let explicitlyNonisolated = declared.nameToken.parent?.asProtocol((any WithModifiersSyntax).self)
            .map { TypeSyntaxQueries.hasModifier($0.modifiers, "nonisolated") } ?? false
        return explicitlyNonisolated || index.targetSettings(of: declared.source.path)?.isMainActorByDefault != true
    }

    func check(_ sources: [ParsedSource]) -> [LintCandidate] {
        let conformances = isolatedConformances()
        guard !conformances.isEmpty else { return [] }
        let protocols = Set(conformances.keys)
        var candidates: [LintCandidate] = []
        for info in index.types.values.joined() where info.kind != .protocolType && info.kind != .actorType {
            guard !info.uncheckedSendableConformances.isEmpty, let (block, source, _) = info.memberBlocks.first else { continue }
            // Generic parameters constrained to such a protocol hold its values too.
            var constrained: [String: String] = [:]
            for parameter in info.genericParameters {
                if let inherited = parameter.inheritedType,
                    let proto = TypeSyntaxQueries.referencedNames(in: inherited).first(where: protocols.contains)
                {
                    constrained[parameter.name.text] = proto
                }
            }
            for requirement in info.whereClause?.requirements ?? [] {
                if case .conformanceRequirement(let conformance) = requirement.requirement,
                    let proto = TypeSyntaxQueries.referencedNames(in: conformance.rightType).first(where: protocols.contains)
                {
                    constrained[conformance.leftType.trimmedDescription] = proto
                }
            }
            let typeName = info.path.joined(separator: ".")
            for member in StoredMembers.members(of: block).typed {
                guard let proto = heldProtocol(in: member.type, protocols: protocols, constrained: constrained),
                    let conformance = conformances[proto]
                else { continue }
                candidates.append(candidate(
                    at: member.node, in: source, what: "`\(typeName).\(member.name)`", type: member.type,
                    holder: "inside `\(typeName)`, declared @unchecked Sendable", proto: proto, conformance: conformance))
            }
        }
        for source in sources {
            let visitor = UnsafeStorageVisitor(source: source)
            visitor.walk(source.tree)
            for (binding, type, name) in visitor.variables {
                guard let proto = heldProtocol(in: type, protocols: protocols, constrained: [:]),
                    let conformance = conformances[proto]
                else { continue }
                candidates.append(candidate(
                    at: binding, in: source, what: "`\(name)`", type: type, holder: "in `nonisolated(unsafe)` storage",
                    proto: proto, conformance: conformance))
            }
        }
        return candidates
    }

    /// The isolated-conformance protocol a stored value of `type` is used
    /// through, if any. A protocol of another module counts only written
    /// `any P` or `some P`: a bare name lint cannot see declared may be a
    /// class (a superclass in an inheritance list looks like a protocol).
    private func heldProtocol(in type: TypeSyntax, protocols: Set<String>, constrained: [String: String]) -> String? {
        let existentials = ExistentialCollector(viewMode: .sourceAccurate)
        existentials.walk(type)
        for proto in protocols.sorted() {
            if existentials.names.contains(proto) { return proto }
            if index.type(named: proto, from: [])?.kind == .protocolType, TypeSyntaxQueries.storesValue(of: [proto], in: type) {
                return proto
            }
        }
        return constrained.sorted { $0.key < $1.key }.first { TypeSyntaxQueries.storesValue(of: [$0.key], in: type) }?.value
    }

    /// The names written after `any` or `some`.
    private final class ExistentialCollector: SyntaxVisitor {
        var names: Set<String> = []
        override func visit(_ node: SomeOrAnyTypeSyntax) -> SyntaxVisitorContinueKind {
            names.formUnion(TypeSyntaxQueries.referencedNames(in: node.constraint))
            return .visitChildren
        }
    }

    private func candidate(
        at node: some SyntaxProtocol, in source: ParsedSource, what: String, type: TypeSyntax, holder: String,
        proto: String, conformance: IsolatedConformance
    ) -> LintCandidate {
        let thread = conformance.actor == "MainActor" ? "the main thread" : "`\(conformance.actor)`"
        return LintCandidate(
            rule: .uncheckedHolderOfIsolatedConformance, at: node, in: source,
            message: "\(what) holds `\(type.trimmedDescription)` \(holder), but `\(conformance.typeName)`'s "
                + "conformance to `\(proto)` is isolated to \(conformance.actor) (\(conformance.place), "
                + "\(conformance.reason)): a `\(conformance.typeName)` put in on \(conformance.actor) is used through "
                + "`\(proto)` on another thread, where the witness runs off \(thread) — a silent race, or a trap "
                + "with -enable-actor-data-race-checks (and `as? any \(proto)` there returns nil).",
            fix: "Make the conformance nonisolated (`extension \(conformance.typeName): nonisolated \(proto)` with "
                + "nonisolated witnesses), or make `\(proto)` refine `SendableMetatype` so the compiler refuses "
                + "isolated conformances to it, or isolate the holder to `@\(conformance.actor)`.")
    }

    /// `nonisolated(unsafe) var`/`let` globals, statics and members with a written type.
    private final class UnsafeStorageVisitor: SyntaxVisitor {
        let source: ParsedSource
        var variables: [(PatternSyntax, TypeSyntax, String)] = []

        init(source: ParsedSource) {
            self.source = source
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard TypeSyntaxQueries.isNonisolatedUnsafe(node.modifiers) else { return .visitChildren }
            for binding in node.bindings {
                if let type = binding.typeAnnotation?.type {
                    variables.append((binding.pattern, type, binding.pattern.trimmedDescription))
                }
            }
            return .visitChildren
        }
    }
}

extension IsolatedConformanceHolderRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "unchecked-holder-of-isolated-conformance",
        helpLine: "an unchecked holder of `any P` where P has an isolated conformance",
        summary: "An @unchecked Sendable type or nonisolated(unsafe) storage holds values of a protocol with an isolated conformance.",
        documentation: "an `@unchecked Sendable` type or `nonisolated(unsafe)` storage holding `any P` (or `T: P`) "
            + "where a type of the linted code conforms to `P` with an isolated conformance: written "
            + "`extension T: @MainActor P`, or inferred under default MainActor isolation and InferIsolatedConformances",
        rationale: "An isolated conformance (SE-0470) may only be used on its actor; the compiler enforces that by "
            + "refusing to send values that carry it. An @unchecked Sendable holder or nonisolated(unsafe) storage "
            + "carries them across anyway, and a protocol requirement called through the holder on another thread "
            + "runs the actor's witness there: a data race, or a trap with -enable-actor-data-race-checks.",
        triggeringExamples: [
            LintExample("""
                protocol Renderer { func render() -> String }

                @MainActor final class Screen {}
                extension Screen: @MainActor Renderer { func render() -> String { "screen" } }

                final class RenderQueue<Item: Renderer>: @unchecked Sendable {
                    var ↓current: (any Renderer)?
                    var ↓pending: [Item] = []
                }

                nonisolated(unsafe) var ↓lastRenderer: any Renderer = Placeholder()
                struct Placeholder: Renderer { func render() -> String { "" } }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("""
                protocol Renderer { func render() -> String }

                @MainActor final class Screen {}
                extension Screen: Renderer { nonisolated func render() -> String { "screen" } }

                final class RenderQueue: @unchecked Sendable {
                    var current: (any Renderer)?
                }
                """),
            LintExample("""
                protocol Renderer { func render() -> String }

                @MainActor final class Screen {}
                extension Screen: @MainActor Renderer { func render() -> String { "screen" } }

                @MainActor final class Holder {
                    var current: (any Renderer)?
                }
                """),
        ])

    static func check(_ run: LintRun) -> [LintCandidate] {
        IsolatedConformanceHolderRule(index: run.index).check(run.sources)
    }
}

extension LintRule {
    /// `unchecked-holder-of-isolated-conformance`: see `IsolatedConformanceHolderRule`.
    package static let uncheckedHolderOfIsolatedConformance = LintRule(IsolatedConformanceHolderRule.self)
}
