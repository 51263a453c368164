import SwiftSyntax

/// The stored instance members of a type: properties with storage and enum
/// case payloads, from the declaration only (extensions cannot add storage).
///
/// ```swift
/// let (typed, untyped) = StoredMembers.members(of: classDecl.memberBlock)
/// print(typed.map(\.name), untyped.map(\.name))
/// ```
enum StoredMembers {
    /// A stored member with the type it stores.
    struct Member {
        let name: String
        /// The written type (members declared without one are `Untyped`).
        let type: TypeSyntax
        let modifiers: DeclModifierListSyntax
        /// Attribute names of the declaration (`usableFromInline`…).
        let attributes: [String]
        let node: Syntax
    }

    /// A stored property declared without a type but with an initializer.
    struct Untyped {
        let name: String
        let initializer: ExprSyntax
        let node: Syntax
    }

    static func of(_ info: SourceIndex.TypeInfo) -> [Member] {
        guard let block = info.memberBlocks.first?.block else { return [] }
        return members(of: block).typed
    }

    /// The instance property requirements of a protocol (`var f: T { get }`):
    /// a conformer may satisfy each with a stored property.
    static func requirements(of info: SourceIndex.TypeInfo) -> [Member] {
        guard let block = info.memberBlocks.first?.block else { return [] }
        return block.members.flatMap { item -> [Member] in
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                !TypeSyntaxQueries.hasModifier(variable.modifiers, "static")
            else { return [] }
            return variable.bindings.compactMap { binding in
                binding.typeAnnotation.map {
                    Member(
                        name: binding.pattern.trimmedDescription, type: $0.type, modifiers: variable.modifiers,
                        attributes: TypeSyntaxQueries.attributeNames(variable.attributes), node: Syntax(binding.pattern))
                }
            }
        }
    }

    /// Typed and untyped stored members of one member block.
    static func members(of block: MemberBlockSyntax) -> (typed: [Member], untyped: [Untyped]) {
        var typed: [Member] = []
        var untyped: [Untyped] = []
        for item in block.members {
            if let variable = item.decl.as(VariableDeclSyntax.self) {
                if TypeSyntaxQueries.hasModifier(variable.modifiers, "static")
                    || TypeSyntaxQueries.hasModifier(variable.modifiers, "class")
                {
                    continue
                }
                let bindings = Array(variable.bindings)
                for (position, binding) in bindings.enumerated() where isStored(binding) {
                    let name = binding.pattern.trimmedDescription
                    // `var a, b: T` gives `a` the type written after `b`.
                    let written = binding.typeAnnotation?.type
                        ?? (binding.initializer == nil
                            ? bindings[(position + 1)...].first(where: { $0.typeAnnotation != nil })?.typeAnnotation?.type
                            : nil)
                    if let written {
                        typed.append(Member(
                            name: name, type: written, modifiers: variable.modifiers,
                            attributes: TypeSyntaxQueries.attributeNames(variable.attributes),
                            node: Syntax(binding.pattern)))
                    } else if let initializer = binding.initializer?.value {
                        untyped.append(Untyped(name: name, initializer: initializer, node: Syntax(binding.pattern)))
                    }
                }
            } else if let enumCase = item.decl.as(EnumCaseDeclSyntax.self) {
                for element in enumCase.elements {
                    for parameter in element.parameterClause?.parameters ?? [] {
                        typed.append(Member(
                            name: element.name.text, type: parameter.type, modifiers: enumCase.modifiers,
                            attributes: [], node: Syntax(parameter.type)))
                    }
                }
            }
        }
        return (typed, untyped)
    }

    /// A binding has storage unless it has a getter (observers keep storage).
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessorBlock = binding.accessorBlock else { return true }
        switch accessorBlock.accessors {
        case .getter:
            return false
        case .accessors(let accessors):
            return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }
}
