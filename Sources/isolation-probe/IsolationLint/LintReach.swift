import SwiftSyntax

/// Who can put a non-Sendable closure into a finding's loophole: code
/// outside the module, through a public or open API (`exploitable`), or
/// only the module's own code (`latent`). Findings are ordered by it and
/// `--min-reach exploitable` keeps the first kind only.
///
/// Read from the declarations alone: the flagged declaration, if it is a
/// public settable property; else a public or open initializer, function,
/// subscript or settable property of the enclosing public type (its
/// declaration, not its extensions) that takes a function type which is not
/// `@Sendable` or global-actor isolated, or the type's own generic value.
///
/// ```swift
/// let (reach, why) = LintReach.of(binding.pattern)
/// // (.exploitable, "public `init(onEvent:)` takes `(String) -> Void`")
/// ```
package enum LintReach: String, Codable, Sendable, CaseIterable, Comparable {
    case latent
    case exploitable

    package static func < (lhs: LintReach, rhs: LintReach) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The reach of a finding at `node`, with the API that gives it (or why none does).
    static func of(_ node: some SyntaxProtocol) -> (reach: LintReach, reason: String) {
        var declarations: [Syntax] = []
        var cursor: Syntax? = Syntax(node)
        while let current = cursor {
            if current.is(DeclSyntax.self) { declarations.append(current) }
            cursor = current.parent
        }
        let types = declarations.filter(isTypeDeclaration)
        // An extension's members carry their own access.
        guard types.filter({ !$0.is(ExtensionDeclSyntax.self) }).allSatisfy({ isPublic(modifiers(of: $0)) }) else {
            return (.latent, "only the module's own code reaches it: a type around it is not public")
        }
        if let innermost = declarations.first, let variable = innermost.as(VariableDeclSyntax.self),
            isPublic(variable.modifiers), isSettable(variable)
        {
            let name = variable.bindings.first?.pattern.trimmedDescription ?? "property"
            return (.exploitable, "public settable `\(name)`")
        }
        guard let type = types.first, let members = memberBlock(of: type) else {
            return (.latent, "no public API puts a value in")
        }
        let generics = genericParameters(of: type)
        for item in members.members {
            if let way = publicEntrance(item.decl, generics: generics) { return (.exploitable, way) }
        }
        return (.latent, "no public API of `\(name(of: type))` takes a non-@Sendable closure or its generic value")
    }

    /// A public member of the type through which a caller outside the module
    /// hands over a non-Sendable closure or a generic value, described.
    private static func publicEntrance(_ decl: DeclSyntax, generics: Set<String>) -> String? {
        func takes(_ type: TypeSyntax) -> Bool {
            hasNonSendableFunction(type) || TypeSyntaxQueries.mentions(generics, in: type)
        }
        func parameters(_ clause: FunctionParameterClauseSyntax) -> String? {
            clause.parameters.first { takes($0.type) }.map { $0.type.trimmedDescription }
        }
        if let initializer = decl.as(InitializerDeclSyntax.self), isPublic(initializer.modifiers),
            let taken = parameters(initializer.signature.parameterClause)
        {
            return "public `init` takes `\(taken)`"
        }
        if let function = decl.as(FunctionDeclSyntax.self), isPublic(function.modifiers),
            let taken = parameters(function.signature.parameterClause)
        {
            return "public `\(function.name.text)` takes `\(taken)`"
        }
        if let variable = decl.as(VariableDeclSyntax.self), isPublic(variable.modifiers), isSettable(variable),
            let binding = variable.bindings.first(where: { $0.typeAnnotation.map { takes($0.type) } ?? false })
        {
            return "public settable `\(binding.pattern.trimmedDescription)`"
        }
        return nil
    }

    private static func isTypeDeclaration(_ decl: Syntax) -> Bool {
        decl.is(ClassDeclSyntax.self) || decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
            || decl.is(ActorDeclSyntax.self) || decl.is(ExtensionDeclSyntax.self)
    }

    private static func modifiers(of decl: Syntax) -> DeclModifierListSyntax {
        decl.asProtocol((any WithModifiersSyntax).self)?.modifiers ?? []
    }

    /// `public` or `open`.
    private static func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
        TypeSyntaxQueries.hasModifier(modifiers, "public") || TypeSyntaxQueries.hasModifier(modifiers, "open")
    }

    /// A `var` whose setter is as visible as the property: no `private(set)`,
    /// `internal(set)` or `fileprivate(set)`, and stored or with a `set`.
    private static func isSettable(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.bindingSpecifier.tokenKind == .keyword(.var),
            !variable.modifiers.contains(where: { $0.detail?.detail.text == "set" && $0.name.text != "public" && $0.name.text != "open" })
        else { return false }
        return variable.bindings.contains { binding in
            guard let accessors = binding.accessorBlock else { return true }
            switch accessors.accessors {
            case .getter: return false
            case .accessors(let list):
                return list.contains { ["set", "willSet", "didSet", "_modify", "unsafeMutableAddress"].contains($0.accessorSpecifier.text) }
            }
        }
    }

    private static func memberBlock(of decl: Syntax) -> MemberBlockSyntax? {
        decl.asProtocol((any DeclGroupSyntax).self)?.memberBlock
    }

    private static func genericParameters(of decl: Syntax) -> Set<String> {
        let clause = decl.asProtocol((any WithGenericParametersSyntax).self)?.genericParameterClause
        return Set(clause?.parameters.map(\.name.text) ?? [])
    }

    private static func name(of decl: Syntax) -> String {
        if let named = decl.asProtocol((any NamedDeclSyntax).self) { return named.name.text }
        return decl.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription ?? "type"
    }

    /// Whether `type` contains a function type written without `@Sendable`
    /// or a global actor (`@MainActor`).
    private static func hasNonSendableFunction(_ type: TypeSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind {
                var safe = false
                var parent = node.parent
                while let attributed = parent?.as(AttributedTypeSyntax.self) {
                    let names = TypeSyntaxQueries.attributeNames(attributed.attributes)
                    if names.contains("Sendable") || names.contains(where: { $0.hasSuffix("Actor") }) { safe = true }
                    parent = attributed.parent
                }
                if !safe { found = true }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(type)
        return finder.found
    }
}
