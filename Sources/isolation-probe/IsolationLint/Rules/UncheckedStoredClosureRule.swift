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
        fixes: [InsertionFix] = []
    ) -> LintCandidate {
        LintCandidate(
            rule: .uncheckedSendableStoredClosure, at: node, in: source,
            message: "\(what) stores \(stored), which is not @Sendable, inside `\(typeName)`, declared "
                + "@unchecked Sendable: a closure formed on the main actor (or another actor) can be stored "
                + "here and called from another thread, where its isolation check traps."
                + (index.targetSettings(of: source.path)?.mainActorClosureNote.map { " " + $0 } ?? ""),
            fix: "Declare the function type `@Sendable` (`@Sendable \(example)`), or `@MainActor` if it must run "
                + "on the main actor; to guard it with a lock, keep it in SafeBox or Mutex, which take it as `sending`.",
            insertions: fixes)
    }
}

extension UncheckedStoredClosureRule: SourceLintRule {
    static let description = LintRuleDescription(
        id: "unchecked-sendable-stored-closure",
        helpLine: "an @unchecked Sendable type stores a non-@Sendable function",
        summary: "An @unchecked Sendable type stores a function that is not @Sendable.",
        documentation: "an `@unchecked Sendable` type that stores a function type that is not `@Sendable` (also "
            + "through type aliases, optionals, collections, the stored properties of structs, enums and "
            + "non-Sendable classes, and closure-typed requirements of protocols stored as existentials)",
        rationale: "A closure that is not @Sendable and is formed in actor-isolated code (a @MainActor "
            + "initializer, a view, an actor method) is compiled as isolated to that actor. "
            + "@unchecked Sendable lets such a closure be stored and then called from another thread: "
            + "the compiler says nothing, and the run-time isolation check traps "
            + "(with -enable-actor-data-race-checks, or always for code reached through Swift 5 modules).",
        triggeringExamples: [
            LintExample("""
                final class Logger: @unchecked Sendable {
                    var ↓onMessage: (String) -> Void = { _ in }
                }
                """),
            LintExample("""
                typealias Completion = (Result<Int, any Error>) -> Void

                struct Job: @unchecked Sendable {
                    let ↓completions: [Completion]
                    var ↓inferred = { (code: Int) in print(code) }
                }
                """),
            LintExample("""
                enum Event: @unchecked Sendable {
                    case callback(↓(Int) -> Void)
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample("""
                final class Logger: @unchecked Sendable {
                    var onMessage: @Sendable (String) -> Void = { _ in }
                    var onMain: @MainActor (String) -> Void = { _ in }
                }
                """),
            LintExample("""
                final class Logger {
                    var onMessage: (String) -> Void = { _ in }
                }
                """),
            // Declares that `Handle` is not Sendable.
            LintExample("""
                final class Handle {
                    var onClose: () -> Void = {}
                }

                @available(*, unavailable)
                extension Handle: @unchecked Sendable {}
                """),
        ],
        corrections: [
            LintCorrection(
                before: LintExample("""
                    typealias Completion = (Result<Int, any Error>) -> Void

                    final class Downloader: @unchecked Sendable {
                        var onProgress: ((Double) -> Void)?
                        var completions: [Completion] = []
                    }

                    """),
                after: """
                    typealias Completion = @Sendable (Result<Int, any Error>) -> Void

                    final class Downloader: @unchecked Sendable {
                        var onProgress: (@Sendable (Double) -> Void)?
                        var completions: [Completion] = []
                    }

                    """)
        ])

    static func check(_ run: LintRun) -> [LintCandidate] {
        UncheckedStoredClosureRule(index: run.index).check()
    }
}

extension LintRule {
    /// `unchecked-sendable-stored-closure`: see `UncheckedStoredClosureRule`.
    package static let uncheckedSendableStoredClosure = LintRule(UncheckedStoredClosureRule.self)
}
