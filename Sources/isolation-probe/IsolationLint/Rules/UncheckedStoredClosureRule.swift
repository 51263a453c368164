import SwiftSyntax

/// `unchecked-sendable-stored-closure`: an `@unchecked Sendable` type with a
/// stored property (or enum payload) whose type holds a non-`@Sendable` function.
///
/// The compiler forms a closure that is not `@Sendable` in main-actor code as
/// main-actor isolated; `@unchecked Sendable` then lets another thread call it.
///
/// ```swift
/// let candidates = UncheckedStoredClosureRule(index: index).check()
/// ```
struct UncheckedStoredClosureRule {
    let index: SourceIndex

    func check() -> [LintCandidate] {
        let finder = FunctionTypeFinder(index: index)
        var candidates: [LintCandidate] = []
        for info in index.types.values.joined() where info.kind != .protocolType && info.kind != .actorType {
            guard !info.uncheckedSendableConformances.isEmpty,
                let (block, source, _) = info.memberBlocks.first
            else { continue }
            let typeName = info.path.joined(separator: ".")
            let members = StoredMembers.members(of: block)
            for member in members.typed {
                let hits = finder.nonSendableFunctionTypes(
                    in: member.type, scope: info.path, genericParameters: Set(info.genericParameterNames),
                    file: source.path)
                guard let first = hits.first else { continue }
                let what = info.kind == .enumType && member.node.is(TypeSyntax.self)
                    ? "The payload of case `\(member.name)`" : "`\(typeName).\(member.name)`"
                // Fixable when every function type it stores can be marked.
                let fixes = hits.compactMap(\.fix)
                candidates.append(candidate(
                    at: member.node, in: source, what: what, stored: first.description, typeName: typeName,
                    example: first.spelling, fixes: fixes.count == hits.count ? fixes : []))
            }
            for member in members.untyped {
                guard let first = finder.nonSendableFunctionTypes(inInitializer: member.initializer).first else { continue }
                candidates.append(candidate(
                    at: member.node, in: source, what: "`\(typeName).\(member.name)`", stored: "a \(first.spelling)",
                    typeName: typeName, example: "(…) -> …"))
            }
        }
        return candidates
    }

    private func candidate(
        at node: Syntax, in source: ParsedSource, what: String, stored: String, typeName: String, example: String,
        fixes: [SendableFix] = []
    ) -> LintCandidate {
        LintCandidate(
            rule: .uncheckedSendableStoredClosure, at: node, in: source,
            message: "\(what) stores \(stored), which is not @Sendable, inside `\(typeName)`, declared "
                + "@unchecked Sendable: a closure formed on the main actor (or another actor) can be stored "
                + "here and called from another thread, where its isolation check traps.",
            fix: "Declare the function type `@Sendable` (`@Sendable \(example)`), or `@MainActor` if it must run "
                + "on the main actor; to guard it with a lock, keep it in SafeBox or Mutex, which take it as `sending`.",
            sendableFixes: fixes)
    }
}
