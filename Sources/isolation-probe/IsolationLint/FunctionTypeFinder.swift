import SwiftSyntax

/// Finds function types that are not `@Sendable` inside a written type,
/// looking through type aliases, the stored properties of structs, enums and
/// classes declared in the linted sources, and the property requirements of
/// protocols used as existentials.
///
/// Safe forms are not reported: `@Sendable` and global-actor-isolated
/// (`@MainActor`) function types, `@isolated(any)` and `@convention(c)`
/// functions, and anything inside `Mutex<…>` or `SafeBox<…>`, whose
/// `inout sending` access keeps isolated closures out.
///
/// ```swift
/// let finder = FunctionTypeFinder(index: index)
/// let hits = finder.nonSendableFunctionTypes(in: "[String: () -> Void]", scope: [], genericParameters: [])
/// print(hits.first?.spelling ?? "none")  // "() -> Void"
/// ```
struct FunctionTypeFinder {
    /// A non-`@Sendable` function type, and how it was reached.
    struct Hit {
        /// The function type as written, e.g. `(String) -> Void`.
        let spelling: String
        /// Aliases and members passed through, e.g. `["LoggingSink"]`.
        let via: [String]
        /// Whether the function type is itself safe to call anywhere
        /// (`@Sendable`, `@MainActor`…); only reported with `includeSafeFunctions`.
        var isSafe = false
        /// Where to write `@Sendable`: set when the function type is written
        /// in the linted sources and reached directly or through type aliases
        /// only (a stored member of another type is that type's API to change).
        var fix: InsertionFix? = nil

        /// "`(String) -> Void`", or "`(String) -> Void` (via `Sink`)".
        var description: String {
            via.isEmpty ? "`\(spelling)`" : "`\(spelling)` (via `\(via.joined(separator: "` → `"))`)"
        }
    }

    /// Wrappers whose contents cannot carry isolated closures across threads.
    static let safeContainers: Set<String> = ["Mutex", "SafeBox", "Atomic"]

    /// How deep aliases and nested members are followed. Cycles are cut by
    /// the `visiting` set; this only bounds work on very deep type graphs,
    /// far beyond any alias chain written by hand.
    private static let maximumDepth = 64

    let index: SourceIndex

    /// Also report safe function types (marked `isSafe`), for rules about the
    /// variable rather than the closure.
    var includeSafeFunctions = false

    /// The non-`@Sendable` function types reachable from `type`, written
    /// inside the types `scope`; names in `genericParameters` are opaque.
    /// `file` is where `type` is written; it picks between same-named
    /// declarations in different modules.
    func nonSendableFunctionTypes(
        in type: TypeSyntax, scope: [String], genericParameters: Set<String>, file: String? = nil
    ) -> [Hit] {
        var visiting: Set<String> = []
        return search(type, scope: scope, opaque: genericParameters, via: [], near: file, fixable: true, visiting: &visiting)
    }

    /// The function types reachable from an initializer expression when the
    /// property has no written type: a closure literal that is not `@Sendable`.
    func nonSendableFunctionTypes(inInitializer expression: ExprSyntax) -> [Hit] {
        guard let closure = expression.as(ClosureExprSyntax.self) else { return [] }
        let attributes = closure.signature.map { TypeSyntaxQueries.attributeNames($0.attributes) } ?? []
        let spelling = closure.signature.map { "closure { \($0.trimmedDescription) … }" } ?? "closure literal"
        if attributes.contains("Sendable") || attributes.contains(where: index.globalActors.contains) {
            return includeSafeFunctions ? [Hit(spelling: spelling, via: [], isSafe: true)] : []
        }
        return [Hit(spelling: spelling, via: [])]
    }

    private func search(
        _ type: TypeSyntax, scope: [String], opaque: Set<String>, via: [String], near: String?, fixable: Bool, visiting: inout Set<String>
    ) -> [Hit] {
        guard via.count <= Self.maximumDepth else { return [] }

        if let attributed = type.as(AttributedTypeSyntax.self) {
            let base = TypeSyntaxQueries.stripped(attributed.baseType)
            if base.is(FunctionTypeSyntax.self), isSafeFunction(attributed.attributes) {
                guard includeSafeFunctions, !isCFunction(attributed.attributes) else { return [] }
                return [Hit(spelling: attributed.trimmedDescription, via: via, isSafe: true)]
            }
            return search(attributed.baseType, scope: scope, opaque: opaque, via: via, near: near, fixable: fixable, visiting: &visiting)
        }
        if let function = type.as(FunctionTypeSyntax.self) {
            // Function types inside its parameters or result are not stored.
            return [Hit(spelling: function.trimmedDescription, via: via, fix: fixable ? fix(for: function, in: near) : nil)]
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return searchNamed(
                name: identifier.name.text, qualifier: [], arguments: identifier.genericArgumentClause,
                scope: scope, opaque: opaque, via: via, near: near, fixable: fixable, visiting: &visiting)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let qualifier = TypeSyntaxQueries.path(of: member.baseType)
            var hits = searchNamed(
                name: member.name.text, qualifier: qualifier, arguments: member.genericArgumentClause,
                scope: scope, opaque: opaque, via: via, near: near, fixable: fixable, visiting: &visiting)
            // `Outer<() -> Void>.Inner` carries the outer arguments along.
            if let baseArguments = member.baseType.as(IdentifierTypeSyntax.self)?.genericArgumentClause {
                hits += searchArguments(baseArguments, scope: scope, opaque: opaque, via: via, near: near, fixable: fixable, visiting: &visiting)
            }
            return hits
        }
        if type.is(MetatypeTypeSyntax.self) { return [] }
        // Optionals, arrays, dictionaries, tuples, compositions, `some`/`any`,
        // inline arrays: every type written inside may be stored.
        var hits: [Hit] = []
        for child in type.children(viewMode: .sourceAccurate) {
            hits += searchChildren(child, scope: scope, opaque: opaque, via: via, near: near, fixable: fixable, visiting: &visiting)
        }
        return hits
    }

    /// Visits the nearest types below `node`.
    private func searchChildren(
        _ node: Syntax, scope: [String], opaque: Set<String>, via: [String], near: String?, fixable: Bool, visiting: inout Set<String>
    ) -> [Hit] {
        if let type = node.as(TypeSyntax.self) {
            return search(type, scope: scope, opaque: opaque, via: via, near: near, fixable: fixable, visiting: &visiting)
        }
        var hits: [Hit] = []
        for child in node.children(viewMode: .sourceAccurate) {
            hits += searchChildren(child, scope: scope, opaque: opaque, via: via, near: near, fixable: fixable, visiting: &visiting)
        }
        return hits
    }

    private func searchArguments(
        _ clause: GenericArgumentClauseSyntax, scope: [String], opaque: Set<String>, via: [String],
        near: String?, fixable: Bool, visiting: inout Set<String>
    ) -> [Hit] {
        var hits: [Hit] = []
        for argument in clause.arguments {
            if case .type(let type) = argument.argument {
                hits += search(type, scope: scope, opaque: opaque, via: via, near: near, fixable: fixable, visiting: &visiting)
            }
        }
        return hits
    }

    private func searchNamed(
        name: String, qualifier: [String], arguments: GenericArgumentClauseSyntax?, scope: [String],
        opaque: Set<String>, via: [String], near: String?, fixable: Bool, visiting: inout Set<String>
    ) -> [Hit] {
        if Self.safeContainers.contains(name) || index.configuration.safeWrappers.contains(name) { return [] }
        var hits: [Hit] = []
        if let arguments {
            hits += searchArguments(arguments, scope: scope, opaque: opaque, via: via, near: near, fixable: fixable, visiting: &visiting)
        }
        if qualifier.isEmpty, opaque.contains(name) { return hits }

        if let alias = index.alias(named: name, qualifier: qualifier, from: scope, near: near) {
            let key = "alias:" + alias.path.joined(separator: ".")
            guard !visiting.contains(key) else { return hits }
            visiting.insert(key)
            defer { visiting.remove(key) }
            hits += search(
                alias.aliased, scope: Array(alias.path.dropLast()), opaque: Set(alias.genericParameterNames),
                via: via + [alias.path.joined(separator: ".")], near: alias.file, fixable: fixable, visiting: &visiting)
            return hits
        }
        if let info = index.type(named: name, qualifier: qualifier, from: scope, near: near), shouldFollow(info) {
            let key = "type:" + info.path.joined(separator: ".")
            guard !visiting.contains(key) else { return hits }
            visiting.insert(key)
            defer { visiting.remove(key) }
            // An existential of a non-Sendable protocol may hold any
            // conformer: closure-typed requirements are stored by some.
            let members = info.kind == .protocolType ? StoredMembers.requirements(of: info) : StoredMembers.of(info)
            for member in members {
                let memberHits = search(
                    member.type, scope: info.path, opaque: Set(info.genericParameterNames),
                    via: via + ["\(info.path.joined(separator: ".")).\(member.name)"], near: info.source.path,
                    fixable: false, visiting: &visiting)
                hits += memberHits
            }
        }
        return hits
    }

    /// Structs and enums are values: their stored closures travel with them;
    /// a class instance is shared, so its closures are reached through it.
    /// Types the compiler already checks (`Sendable`, global-actor isolated),
    /// `@unchecked Sendable` ones (reported on their own) and actors are not
    /// followed.
    private func shouldFollow(_ info: SourceIndex.TypeInfo) -> Bool {
        guard [.structType, .enumType, .classType, .protocolType].contains(info.kind),
            !index.sendableProtocols.contains(info.name)
        else { return false }
        if info.conformances.contains(where: { conformance in
            TypeSyntaxQueries.isUncheckedSendable(conformance.type)
                || TypeSyntaxQueries.impliesSendable(conformance.type, sendableProtocols: index.sendableProtocols)
        }) {
            return false
        }
        return !TypeSyntaxQueries.attributeNames(info.attributes).contains(where: index.globalActors.contains)
    }

    /// The fix that marks `function`, written in the file `path`, `@Sendable`.
    private func fix(for function: FunctionTypeSyntax, in path: String?) -> InsertionFix? {
        guard let path, let source = index.source(at: path) else { return nil }
        let position = function.positionAfterSkippingLeadingTrivia
        return InsertionFix(file: path, offset: position.utf8Offset, line: source.converter.location(for: position).line)
    }

    /// Whether a function type is a C function pointer (no context to race on).
    private func isCFunction(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self),
                TypeSyntaxQueries.lastName(of: attribute.attributeName) == "convention",
                let argument = attribute.arguments?.trimmedDescription
            else { return false }
            return argument.hasPrefix("c") || argument.hasPrefix("thin")
        }
    }

    /// Whether a function type's attributes make calling it from another
    /// thread safe or impossible without a hop.
    private func isSafeFunction(_ attributes: AttributeListSyntax) -> Bool {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = TypeSyntaxQueries.lastName(of: attribute.attributeName)
            if name == "Sendable" || name == "isolated" || index.globalActors.contains(name) { return true }
            if name == "convention", let argument = attribute.arguments?.trimmedDescription,
                argument.hasPrefix("c") || argument.hasPrefix("thin")
            {
                return true
            }
        }
        return false
    }
}
