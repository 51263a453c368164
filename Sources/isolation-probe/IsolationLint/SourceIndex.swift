import SwiftSyntax

/// The declarations of every linted file, so rules can see through type
/// aliases, extensions and conformances declared in other files.
///
/// Resolution is by name, without a type checker: a name is looked up from the
/// innermost enclosing type outwards, then module-wide if that is unambiguous.
///
/// ```swift
/// let index = SourceIndex(sources: [ParsedSource(path: "A.swift", text: "typealias F = () -> Void")])
/// print(index.alias(named: "F", from: []) != nil)  // true
/// ```
final class SourceIndex {
    /// A type declaration, merged with its extensions.
    final class TypeInfo {
        enum Kind { case structType, classType, enumType, actorType, protocolType }

        let kind: Kind
        let path: [String]
        let source: ParsedSource
        let nameToken: TokenSyntax
        let genericParameters: [GenericParameterSyntax]
        let whereClause: GenericWhereClauseSyntax?
        /// The declaration's attributes (`@MainActor`, …).
        let attributes: AttributeListSyntax
        /// Member blocks of the declaration and of every extension, with their
        /// file and the extension's `where` clause.
        var memberBlocks: [(block: MemberBlockSyntax, source: ParsedSource, condition: GenericWhereClauseSyntax?)] = []
        /// Every inherited type written on the declaration or an extension,
        /// with the `where` clause that conditions it (extensions only).
        var conformances: [(type: TypeSyntax, condition: GenericWhereClauseSyntax?)] = []

        init(
            kind: Kind, path: [String], source: ParsedSource, nameToken: TokenSyntax,
            genericParameters: [GenericParameterSyntax], whereClause: GenericWhereClauseSyntax?,
            attributes: AttributeListSyntax
        ) {
            self.kind = kind
            self.path = path
            self.source = source
            self.nameToken = nameToken
            self.genericParameters = genericParameters
            self.whereClause = whereClause
            self.attributes = attributes
        }

        var name: String { path.last ?? "" }
        var genericParameterNames: [String] { genericParameters.map(\.name.text) }

        /// The `@unchecked Sendable` conformances, each with its condition.
        var uncheckedSendableConformances: [(type: TypeSyntax, condition: GenericWhereClauseSyntax?)] {
            conformances.filter { TypeSyntaxQueries.isUncheckedSendable($0.type) }
        }
    }

    /// A `typealias` declaration.
    struct AliasInfo {
        let path: [String]
        /// The file declaring it.
        let file: String
        let genericParameterNames: [String]
        let aliased: TypeSyntax
    }

    private(set) var types: [String: [TypeInfo]] = [:]
    private(set) var aliases: [String: [AliasInfo]] = [:]
    /// Names of protocols that (transitively) inherit from `Sendable`.
    private(set) var sendableProtocols: Set<String> = ["Sendable"]
    /// Names of global actors: `MainActor` and every `@globalActor` declared.
    private(set) var globalActors: Set<String> = ["MainActor"]
    /// Function declarations by base name, for matching closure arguments to parameters.
    private(set) var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Every indexed file by its path.
    private var sourcesByPath: [String: ParsedSource] = [:]
    /// The team's settings: known-safe wrappers and known-unsafe boxes.
    let configuration: LintConfiguration
    /// The build settings of the targets the files belong to.
    let settings: ProjectSettings

    /// Indexes `sources`; extensions are matched to types after all files are read.
    init(sources: [ParsedSource], configuration: LintConfiguration = LintConfiguration(), settings: ProjectSettings = ProjectSettings()) {
        self.configuration = configuration
        self.settings = settings
        var extensions: [(path: [String], scope: [String], decl: ExtensionDeclSyntax, source: ParsedSource)] = []
        for source in sources {
            sourcesByPath[source.path] = source
            let collector = DeclarationCollector(source: source)
            collector.walk(source.tree)
            for info in collector.types { types[info.name, default: []].append(info) }
            for alias in collector.aliases { aliases[alias.path.last ?? "", default: []].append(alias) }
            globalActors.formUnion(collector.globalActors)
            functions.merge(collector.functions) { $0 + $1 }
            extensions += collector.extensions.map { ($0.path, $0.scope, $0.decl, source) }
        }
        for item in extensions {
            let name = item.path.last ?? ""
            guard let info = type(
                named: name, qualifier: Array(item.path.dropLast()), from: item.scope, near: item.source.path)
            else { continue }
            info.memberBlocks.append((item.decl.memberBlock, item.source, item.decl.genericWhereClause))
            // `@available(*, unavailable) extension T: Sendable {}` declares
            // that `T` is not Sendable: no conformance.
            if TypeSyntaxQueries.isUnavailable(item.decl.attributes) { continue }
            for inherited in item.decl.inheritanceClause?.inheritedTypes ?? [] {
                info.conformances.append((inherited.type, item.decl.genericWhereClause))
            }
        }
        computeSendableProtocols()
    }

    /// The indexed file at `path`.
    func source(at path: String) -> ParsedSource? { sourcesByPath[path] }

    /// The build settings of the target holding the file at `path`, if known.
    func targetSettings(of path: String) -> TargetSettings? { settings.target(containing: path) }

    /// The `Actor.assumeIsolated` that `call` is, when its base names a
    /// global actor (`MainActor.assumeIsolated { … }` → `MainActor`).
    func globalActorAssumption(_ call: FunctionCallExprSyntax) -> (member: MemberAccessExprSyntax, actor: String)? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "assumeIsolated",
            let actor = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            globalActors.contains(actor)
        else { return nil }
        return (member, actor)
    }

    /// The type called `name` as seen from inside the types `scope`
    /// (outermost first); `qualifier` is a written prefix such as `Outer` in
    /// `Outer.Inner`. When several modules declare the name, the one whose
    /// file shares the longest directory prefix with `near` wins.
    func type(named name: String, qualifier: [String] = [], from scope: [String], near: String? = nil) -> TypeInfo? {
        resolve(types[name] ?? [], path: \.path, file: \.source.path, qualifier: qualifier, scope: scope, near: near)
    }

    /// The type alias called `name` as seen from `scope` (and the file `near`).
    func alias(named name: String, qualifier: [String] = [], from scope: [String], near: String? = nil) -> AliasInfo? {
        resolve(aliases[name] ?? [], path: \.path, file: \.file, qualifier: qualifier, scope: scope, near: near)
    }

    /// Innermost-scope-first lookup, then a module-wide match; ties go to
    /// the declaration nearest `near` in the directory tree.
    private func resolve<Entry>(
        _ candidates: [Entry], path: (Entry) -> [String], file: (Entry) -> String, qualifier: [String],
        scope: [String], near: String?
    ) -> Entry? {
        guard !candidates.isEmpty else { return nil }
        var prefix = scope
        while true {
            let wanted = prefix + qualifier
            let hits = candidates.filter { Array(path($0).dropLast()) == wanted }
            if let best = nearest(hits, file: file, near: near, requireUnique: false) { return best }
            if prefix.isEmpty { break }
            prefix.removeLast()
        }
        let suffixMatches = candidates.filter { Array(path($0).dropLast()).suffix(qualifier.count) == qualifier[...] }
        return nearest(suffixMatches, file: file, near: near, requireUnique: true)
    }

    /// The entry whose file shares the most leading path components with
    /// `near`; with `requireUnique`, nil when that is a tie.
    private func nearest<Entry>(
        _ entries: [Entry], file: (Entry) -> String, near: String?, requireUnique: Bool
    ) -> Entry? {
        guard entries.count > 1 else { return entries.first }
        guard let near else { return requireUnique ? nil : entries.first }
        let target = near.split(separator: "/")
        func shared(_ entry: Entry) -> Int {
            zip(file(entry).split(separator: "/"), target).prefix { $0 == $1 }.count
        }
        let scored = entries.map { (entry: $0, score: shared($0)) }.sorted { $0.score > $1.score }
        if requireUnique, scored[0].score == scored[1].score { return nil }
        return scored[0].entry
    }

    private func computeSendableProtocols() {
        // Iterate to a fixed point: protocol P: Q, Q: Sendable makes P Sendable.
        var changed = true
        while changed {
            changed = false
            for infos in types.values {
                for info in infos where info.kind == .protocolType && !sendableProtocols.contains(info.name) {
                    let inheritsSendable = info.conformances.contains { conformance in
                        TypeSyntaxQueries.referencedNames(in: conformance.type).contains { sendableProtocols.contains($0) }
                    }
                    if inheritsSendable {
                        sendableProtocols.insert(info.name)
                        changed = true
                    }
                }
            }
        }
    }
}

/// Walks one file and records its types, aliases, extensions and global actors.
private final class DeclarationCollector: SyntaxVisitor {
    let source: ParsedSource
    var scope: [String] = []
    var types: [SourceIndex.TypeInfo] = []
    var aliases: [SourceIndex.AliasInfo] = []
    var extensions: [(path: [String], scope: [String], decl: ExtensionDeclSyntax)] = []
    var globalActors: Set<String> = []
    var functions: [String: [FunctionDeclSyntax]] = [:]

    init(source: ParsedSource) {
        self.source = source
        super.init(viewMode: .sourceAccurate)
    }

    private func enter(
        _ kind: SourceIndex.TypeInfo.Kind, name: TokenSyntax, generics: GenericParameterClauseSyntax?,
        whereClause: GenericWhereClauseSyntax?, inheritance: InheritanceClauseSyntax?,
        attributes: AttributeListSyntax, memberBlock: MemberBlockSyntax
    ) {
        let info = SourceIndex.TypeInfo(
            kind: kind, path: scope + [name.text], source: source, nameToken: name,
            genericParameters: Array(generics?.parameters ?? []), whereClause: whereClause,
            attributes: attributes)
        info.memberBlocks.append((memberBlock, source, nil))
        for inherited in inheritance?.inheritedTypes ?? [] {
            info.conformances.append((inherited.type, nil))
        }
        if TypeSyntaxQueries.attributeNames(attributes).contains("globalActor") {
            globalActors.insert(name.text)
        }
        types.append(info)
        scope.append(name.text)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.structType, name: node.name, generics: node.genericParameterClause, whereClause: node.genericWhereClause,
              inheritance: node.inheritanceClause, attributes: node.attributes, memberBlock: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.classType, name: node.name, generics: node.genericParameterClause, whereClause: node.genericWhereClause,
              inheritance: node.inheritanceClause, attributes: node.attributes, memberBlock: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.enumType, name: node.name, generics: node.genericParameterClause, whereClause: node.genericWhereClause,
              inheritance: node.inheritanceClause, attributes: node.attributes, memberBlock: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.actorType, name: node.name, generics: node.genericParameterClause, whereClause: node.genericWhereClause,
              inheritance: node.inheritanceClause, attributes: node.attributes, memberBlock: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.protocolType, name: node.name, generics: nil, whereClause: node.genericWhereClause,
              inheritance: node.inheritanceClause, attributes: node.attributes, memberBlock: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = TypeSyntaxQueries.path(of: node.extendedType)
        extensions.append((path, scope, node))
        scope.append(contentsOf: path)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        scope.removeLast(TypeSyntaxQueries.path(of: node.extendedType).count)
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        aliases.append(.init(
            path: scope + [node.name.text], file: source.path,
            genericParameterNames: (node.genericParameterClause?.parameters).map { $0.map(\.name.text) } ?? [],
            aliased: node.initializer.value))
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functions[node.name.text, default: []].append(node)
        return .visitChildren
    }

    // Local types inside function bodies are indexed too, under the type's scope.
}
