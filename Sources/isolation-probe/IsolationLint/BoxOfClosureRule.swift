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
        guard !boxes.isEmpty else { return [] }
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
        guard let info = index.type(named: name, qualifier: qualifier, from: scope, near: source.path),
            let box = boxes[info.path.joined(separator: ".")]
        else { return nil }
        let finder = FunctionTypeFinder(index: index)
        for (position, argument) in arguments.arguments.enumerated() where box.leakingPositions.contains(position) {
            guard case .type(let type) = argument.argument,
                let hit = finder.nonSendableFunctionTypes(in: type, scope: scope, genericParameters: [], file: source.path).first
            else { continue }
            let boxName = info.path.joined(separator: ".")
            return LintCandidate(
                rule: .uncheckedBoxOfClosure, at: argument, in: source,
                message: "`\(boxName)<\(type.trimmedDescription)>` puts \(hit.description), which is not @Sendable, "
                    + "in `\(boxName)`, which is @unchecked Sendable for any value: a closure stored from main-actor "
                    + "code and called through the box on another thread traps in its isolation check.",
                fix: "Make the function type `@Sendable` (`@Sendable \(hit.spelling)`, in the type alias if there is "
                    + "one), and store it in SafeBox or Mutex instead of `\(boxName)`.")
        }
        return nil
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
