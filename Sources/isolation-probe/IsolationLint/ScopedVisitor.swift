import SwiftSyntax

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
