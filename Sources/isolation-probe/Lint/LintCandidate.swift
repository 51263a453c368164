import SwiftSyntax

/// A finding before suppression comments are applied, with the lines on
/// which an `isolation-probe:ignore` comment silences it.
///
/// ```swift
/// let candidate = LintCandidate(finding: finding, suppressionLines: 3...4)
/// print(candidate.suppressionLines.contains(3))  // true
/// ```
struct LintCandidate {
    var finding: LintFinding
    var suppressionLines: ClosedRange<Int>

    /// Builds a candidate located at `node` in `source`.
    init(rule: LintRule, at node: some SyntaxProtocol, in source: ParsedSource, message: String, fix: String) {
        let location = source.location(of: node)
        self.finding = LintFinding(
            rule: rule, file: source.path, line: location.line, column: location.column,
            message: message, fix: fix)
        self.suppressionLines = source.suppressionLines(for: node)
    }

    /// Wraps a finding that has no declaration to attach suppressions to.
    init(finding: LintFinding, suppressionLines: ClosedRange<Int>) {
        self.finding = finding
        self.suppressionLines = suppressionLines
    }
}

/// A visitor that knows which types it is inside, for name lookup.
///
/// Subclasses override visits of other node kinds and read `scope`.
///
/// ```swift
/// final class Names: ScopedVisitor {
///     override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
///         print(scope, node.name.text)
///         return .visitChildren
///     }
/// }
/// ```
class ScopedVisitor: SyntaxVisitor {
    /// Enclosing type names, outermost first; extensions contribute their extended type.
    private(set) var scope: [String] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ProtocolDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        scope += TypeSyntaxQueries.path(of: node.extendedType)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        scope.removeLast(TypeSyntaxQueries.path(of: node.extendedType).count)
    }

    private func push(_ name: String) -> SyntaxVisitorContinueKind {
        scope.append(name)
        return .visitChildren
    }
}
