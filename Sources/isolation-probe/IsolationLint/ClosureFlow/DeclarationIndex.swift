import SwiftSyntax

/// The functions, types and stored members of a set of parsed files, as
/// ``ClosureFlowTracer`` needs them: enough to find a function by its
/// demangled name and a member by its type.
struct DeclarationIndex {
    struct Function {
        var typePath: [String]
        var base: String
        var labels: [String]
        /// Parameter names inside the body, in order, with their type text.
        var parameters: [(name: String, type: String)]
        var body: CodeBlockSyntax?
        var file: String
        var converter: SourceLocationConverter
        var lines: ClosedRange<Int>

        var displayName: String {
            (typePath + [base]).joined(separator: ".") + "(" + labels.map { $0 + ":" }.joined() + ")"
        }
    }

    struct Member {
        var name: String
        var file: String
        var line: Int
        /// The setter's body of a computed property, whose `newValue` goes on.
        var setter: CodeBlockItemListSyntax?
        var converter: SourceLocationConverter
    }

    struct TypeInfo {
        var name: String
        var file: String
        var line: Int
        var members: [String: Member] = [:]
    }

    var functions: [Function] = []
    var types: [String: TypeInfo] = [:]
    /// Top-level variables: name to declaration.
    var globals: [String: Member] = [:]

    init(files: [(String, SourceFileSyntax, SourceLocationConverter)]) {
        for (path, tree, converter) in files {
            let visitor = IndexVisitor(file: path, converter: converter)
            visitor.walk(tree)
            functions += visitor.functions
            for (name, info) in visitor.types {
                if var existing = types[name] {
                    existing.members.merge(info.members) { first, _ in first }
                    types[name] = existing
                } else {
                    types[name] = info
                }
            }
            globals.merge(visitor.globals) { first, _ in first }
        }
    }

    /// The type that declares `member`, when `typeName` is not known and
    /// exactly one type does.
    func uniqueType(declaring member: String) -> TypeInfo? {
        let holders = types.values.filter { $0.members[member] != nil }
        return holders.count == 1 ? holders.first : nil
    }
}

private final class IndexVisitor: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    var functions: [DeclarationIndex.Function] = []
    var types: [String: DeclarationIndex.TypeInfo] = [:]
    var globals: [String: DeclarationIndex.Member] = [:]
    private var typePath: [String] = []

    init(file: String, converter: SourceLocationConverter) {
        self.file = file
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    private func line(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    private func enterType(_ name: String, _ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        typePath.append(name)
        let key = typePath.joined(separator: ".")
        if types[key] == nil { types[key] = .init(name: key, file: file, line: line(node)) }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, node) }
    override func visitPost(_ node: ClassDeclSyntax) { typePath.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, node) }
    override func visitPost(_ node: StructDeclSyntax) { typePath.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, node) }
    override func visitPost(_ node: EnumDeclSyntax) { typePath.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, node) }
    override func visitPost(_ node: ActorDeclSyntax) { typePath.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        typePath.append(name)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typePath.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters
        add(base: node.name.text, parameters: parameters, body: node.body, node: node)
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        add(base: "init", parameters: node.signature.parameterClause.parameters, body: node.body, node: node)
        return .skipChildren
    }

    private func add(base: String, parameters: FunctionParameterListSyntax, body: CodeBlockSyntax?, node: some SyntaxProtocol) {
        let labels = parameters.map { $0.firstName.text }
        let names = parameters.map { (name: ($0.secondName ?? $0.firstName).text, type: $0.type.trimmedDescription) }
        let start = line(node)
        let end = converter.location(for: node.endPositionBeforeTrailingTrivia).line
        functions.append(.init(typePath: typePath, base: base, labels: labels, parameters: names, body: body,
                               file: file, converter: converter, lines: start...max(start, end)))
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var setter: CodeBlockItemListSyntax?
            if case .accessors(let accessors) = binding.accessorBlock?.accessors {
                setter = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.set) }?.body?.statements
            }
            let member = DeclarationIndex.Member(name: name, file: file, line: line(binding), setter: setter, converter: converter)
            if typePath.isEmpty {
                globals[name] = member
            } else {
                types[typePath.joined(separator: "."), default: .init(name: typePath.joined(separator: "."), file: file, line: line(node))]
                    .members[name] = member
            }
        }
        return .skipChildren
    }
}
