import SwiftSyntax

/// Purely syntactic questions about written types, shared by the rules.
///
/// ```swift
/// let type: TypeSyntax = "@unchecked Sendable"
/// print(TypeSyntaxQueries.isUncheckedSendable(type))  // true
/// ```
enum TypeSyntaxQueries {
    /// Attribute names without the `@`, e.g. `["unchecked", "MainActor"]`.
    static func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { element in
            element.as(AttributeSyntax.self).map { TypeSyntaxQueries.lastName(of: $0.attributeName) }
        }
    }

    /// Whether `type` is written `@unchecked Sendable` (or `@unchecked Swift.Sendable`).
    static func isUncheckedSendable(_ type: TypeSyntax) -> Bool {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
        return attributeNames(attributed.attributes).contains("unchecked")
            && lastName(of: attributed.baseType) == "Sendable"
    }

    /// The last component of a written type name: `Sendable` for `Swift.Sendable`.
    static func lastName(of type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return type.trimmedDescription
    }

    /// The components of a written nominal type: `["Outer", "Inner"]` for
    /// `Outer<Int>.Inner`. Empty for types that are not names.
    static func path(of type: TypeSyntax) -> [String] {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        if let member = type.as(MemberTypeSyntax.self) { return path(of: member.baseType) + [member.name.text] }
        return []
    }

    /// Every name written anywhere in `type`, e.g. `["Sendable", "Hashable"]`
    /// for `Sendable & Hashable`.
    static func referencedNames(in type: TypeSyntax) -> [String] {
        final class Names: SyntaxVisitor {
            var names: [String] = []
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                names.append(node.name.text)
                return .visitChildren
            }
            override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
                names.append(node.name.text)
                return .visitChildren
            }
        }
        let visitor = Names(viewMode: .sourceAccurate)
        visitor.walk(type)
        return visitor.names
    }

    /// Whether `type` refers to any of `names` as a type (`T`, `[T]`, `T?`,
    /// `T.Element`, `Pointer<T>`), ignoring labels and other identifiers.
    /// Types written with `T` that hold no `T` value: key paths and metatypes.
    static let valuelessWrappers: Set<String> = [
        "KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath", "PartialKeyPath", "AnyKeyPath",
    ]

    /// Whether a stored property of this type holds a value of one of
    /// `names`. With `ignoringUnsafePointers`, mentions inside `Unsafe…<T>`
    /// (reachable only through explicitly unsafe code) do not count either.
    static func storesValue(
        of names: Set<String>, in type: TypeSyntax, ignoringUnsafePointers: Bool = false
    ) -> Bool {
        final class Finder: SyntaxVisitor {
            let names: Set<String>
            let ignoringUnsafe: Bool
            var found = false
            init(names: Set<String>, ignoringUnsafe: Bool) {
                self.names = names
                self.ignoringUnsafe = ignoringUnsafe
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: MetatypeTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                // Also aliases such as swift-dependencies' `SendableKeyPath`.
                if TypeSyntaxQueries.valuelessWrappers.contains(node.name.text) || node.name.text.hasSuffix("KeyPath") {
                    return .skipChildren
                }
                if ignoringUnsafe, node.name.text.hasPrefix("Unsafe") { return .skipChildren }
                if names.contains(node.name.text) { found = true }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(names: names, ignoringUnsafe: ignoringUnsafePointers)
        finder.walk(type)
        return finder.found
    }

    /// The named types a stored property of this type holds, each as its
    /// written path: `[["Storage"]]` for `Storage?`, `[["Outer", "Inner"]]`
    /// for `Outer.Inner`, `[["Array"], ["Storage"]]` for `Array<Storage>`.
    /// Metatypes and key paths hold no value of the types written in them.
    ///
    /// ```swift
    /// let type: TypeSyntax = "[Outer.Inner]?"
    /// print(TypeSyntaxQueries.heldTypePaths(in: type))  // [["Outer", "Inner"]]
    /// ```
    static func heldTypePaths(in type: TypeSyntax) -> [[String]] {
        final class Finder: SyntaxVisitor {
            var paths: [[String]] = []
            override func visit(_ node: MetatypeTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                if TypeSyntaxQueries.valuelessWrappers.contains(node.name.text) || node.name.text.hasSuffix("KeyPath") {
                    return .skipChildren
                }
                if !Self.isQualifier(node) { paths.append([node.name.text]) }
                return .visitChildren
            }
            override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
                if !Self.isQualifier(node) { paths.append(TypeSyntaxQueries.path(of: TypeSyntax(node))) }
                return .visitChildren
            }
            /// `Outer` in `Outer.Inner` names where `Inner` is, not a held type.
            static func isQualifier(_ node: some TypeSyntaxProtocol) -> Bool {
                node.parent?.as(MemberTypeSyntax.self)?.baseType.id == node.id
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(type)
        return finder.paths
    }

    /// Whether `type` refers to any of `names` anywhere.
    static func mentions(_ names: Set<String>, in type: TypeSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            let names: Set<String>
            var found = false
            init(names: Set<String>) {
                self.names = names
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                if names.contains(node.name.text) { found = true }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(names: names)
        finder.walk(type)
        return finder.found
    }

    /// The specifiers written before a type (`inout`, `sending`, `borrowing`…).
    static func specifiers(of type: TypeSyntax) -> [String] {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return [] }
        return attributed.specifiers.map { element in
            // `nonisolated(nonsending)` and lifetime specifiers print with
            // their arguments; only the keyword matters here.
            let text = element.trimmedDescription
            return String(text.prefix { $0.isLetter })
        }
    }

    /// `type` without attributes and specifiers, and without redundant parentheses.
    static func stripped(_ type: TypeSyntax) -> TypeSyntax {
        var current = type
        while true {
            if let attributed = current.as(AttributedTypeSyntax.self) {
                current = attributed.baseType
            } else if let tuple = current.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first, only.firstName == nil, only.ellipsis == nil
            {
                current = only.type
            } else {
                return current
            }
        }
    }

    /// Whether a constraint (`Sendable`, `Sendable & Hashable`, a protocol
    /// refining `Sendable`) implies `Sendable`.
    static func impliesSendable(_ constraint: TypeSyntax, sendableProtocols: Set<String>) -> Bool {
        if let composition = constraint.as(CompositionTypeSyntax.self) {
            return composition.elements.contains { impliesSendable($0.type, sendableProtocols: sendableProtocols) }
        }
        let stripped = stripped(constraint)
        if let composition = stripped.as(CompositionTypeSyntax.self) {
            return composition.elements.contains { impliesSendable($0.type, sendableProtocols: sendableProtocols) }
        }
        guard stripped.is(IdentifierTypeSyntax.self) || stripped.is(MemberTypeSyntax.self) else { return false }
        return sendableProtocols.contains(lastName(of: stripped))
    }

    /// Whether a declaration's modifiers include `name` (`static`, `private`…)
    /// without a detail such as `(set)`.
    static func hasModifier(_ modifiers: DeclModifierListSyntax, _ name: String) -> Bool {
        modifiers.contains { $0.name.text == name && $0.detail == nil }
    }

    /// Whether the modifiers include `nonisolated(unsafe)`.
    static func isNonisolatedUnsafe(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "nonisolated" && $0.detail?.detail.text == "unsafe" }
    }

    /// Whether the attributes hold `@available(*, unavailable)`.
    static func isUnavailable(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self), lastName(of: attribute.attributeName) == "available",
                case .availability(let arguments) = attribute.arguments
            else { return false }
            return arguments.contains { argument in
                if case .token(let token) = argument.argument { return token.text == "unavailable" }
                return false
            }
        }
    }

    /// Whether the modifiers make a member invisible outside its file.
    static func isFilePrivate(_ modifiers: DeclModifierListSyntax) -> Bool {
        hasModifier(modifiers, "private") || hasModifier(modifiers, "fileprivate")
    }
}
