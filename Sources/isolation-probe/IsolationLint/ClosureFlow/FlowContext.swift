import SwiftSyntax

/// Follows one value inside one function: what the expression holding it
/// is part of (an assignment, a call's argument, a local's initial value)
/// and where that leads, into called functions a few levels deep.
struct FlowContext {
    let function: DeclarationIndex.Function
    let index: DeclarationIndex
    /// How many calls deep the value was followed already.
    var depth = 0

    private static let maximumDepth = 3

    /// Where the value of `expression` goes.
    func destinations(of expression: ExprSyntax) -> [ClosureDestination] {
        let node = Syntax(expression)
        // `lhs = value`: the parser leaves the sequence unfolded.
        if let list = node.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true {
            let elements = Array(list)
            if let position = elements.firstIndex(where: { Syntax($0) == node }), position >= 2,
               elements[position - 1].is(AssignmentExprSyntax.self) {
                return assignment(to: elements[position - 2], at: node)
            }
        }
        // An argument, labelled or trailing.
        if let argument = node.parent?.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           let position = call.arguments.firstIndex(where: { $0.id == argument.id }) {
            return passed(to: call, position: call.arguments.distance(from: call.arguments.startIndex, to: position), at: node)
        }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure.map(Syntax.init) == node {
            return passed(to: call, position: call.arguments.count, at: node)
        }
        // `let handler = value`: follow the local's uses.
        if let binding = node.parent?.parent?.as(PatternBindingSyntax.self),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let body = function.body {
            return uses(of: name, in: Syntax(body), after: binding.endPosition).flatMap { destinations(of: $0) }
        }
        return []
    }

    private func line(_ node: Syntax) -> Int {
        function.converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    /// The type `base` (an expression before `.member`) has, as far as the
    /// function shows: `self`, a parameter, or a local initialised by `T(…)`.
    private func typeName(of base: ExprSyntax?) -> String? {
        guard let base else { return function.typePath.isEmpty ? nil : function.typePath.joined(separator: ".") }
        let text = base.trimmedDescription
        if text == "self" { return function.typePath.isEmpty ? nil : function.typePath.joined(separator: ".") }
        if let parameter = function.parameters.first(where: { $0.name == text }) {
            return Self.nominal(parameter.type)
        }
        if let body = function.body {
            let locals = LocalInitialisers(name: text)
            locals.walk(body)
            if let type = locals.type { return Self.nominal(type) }
        }
        return nil
    }

    /// `Box` for `Box`, `inout Box`, `Box?`, `GenericBox<() -> Void>`.
    static func nominal(_ type: String) -> String {
        var text = Substring(type)
        for prefix in ["inout ", "borrowing ", "consuming ", "sending "] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        return String(text.prefix { $0 != "<" && $0 != "?" && $0 != "!" && $0 != " " })
    }

    /// The member `name` of `base`'s type (or the one type declaring it).
    private func member(named name: String, base: ExprSyntax?) -> (type: DeclarationIndex.TypeInfo, member: DeclarationIndex.Member)? {
        if let typeName = typeName(of: base), let type = index.types[typeName], let member = type.members[name] {
            return (type, member)
        }
        if let type = index.uniqueType(declaring: name), let member = type.members[name] { return (type, member) }
        return nil
    }

    private func assignment(to target: ExprSyntax, at node: Syntax) -> [ClosureDestination] {
        let base: ExprSyntax?
        let name: String
        if let access = target.as(MemberAccessExprSyntax.self) {
            base = access.base
            name = access.declName.baseName.text
        } else if let reference = target.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            if let global = index.globals[name], function.parameters.allSatisfy({ $0.name != name }) {
                return [ClosureDestination(step: .assignedToVariable, target: name, file: function.file, line: line(node),
                                           member: name, memberFile: global.file, memberLine: global.line)]
            }
            base = nil
        } else {
            return []
        }
        return reached(member: name, base: base, written: target.trimmedDescription, step: .assignedToMember, at: node)
    }

    /// A member reached by assignment or by appending: its declaration, and
    /// through a computed property's setter, the member it stores into.
    private func reached(member name: String, base: ExprSyntax?, written: String, step: ClosureDestination.Step, at node: Syntax) -> [ClosureDestination] {
        guard let (type, member) = member(named: name, base: base) else {
            return [ClosureDestination(step: step, target: written, file: function.file, line: line(node))]
        }
        var destination = ClosureDestination(step: step, target: "\(type.name).\(name)", file: function.file, line: line(node),
                                             member: "\(type.name).\(name)", memberFile: member.file, memberLine: member.line,
                                             typeLine: type.line)
        // A setter that assigns its own property (or a chain of them) is followed a few levels only.
        guard step == .assignedToMember, let setter = member.setter, depth < Self.maximumDepth else { return [destination] }
        destination.step = .passedToSetter
        // `set { stored = newValue }`: the value goes on into `stored`.
        let setterFunction = DeclarationIndex.Function(
            typePath: type.name.split(separator: ".").map(String.init), base: name, labels: [], parameters: [],
            body: nil, file: member.file, converter: member.converter, lines: member.line...member.line)
        let inner = FlowContext(function: setterFunction, index: index, depth: depth + 1)
        let onward = uses(of: "newValue", in: Syntax(setter), after: setter.position).flatMap { inner.destinations(of: $0) }
        return [destination] + onward
    }

    private func passed(to call: FunctionCallExprSyntax, position: Int, at node: Syntax) -> [ClosureDestination] {
        let callee = call.calledExpression
        let base = callee.as(MemberAccessExprSyntax.self)?.base
        guard let name = callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? callee.as(DeclReferenceExprSyntax.self)?.baseName.text else { return [] }
        if ["append", "insert"].contains(name), let base {
            let collection = base.as(MemberAccessExprSyntax.self)
            return reached(member: collection?.declName.baseName.text ?? base.trimmedDescription,
                           base: collection?.base, written: base.trimmedDescription, step: .appendedToCollection, at: node)
        }
        // A method of the receiver's type, or of the function's own type when
        // there is no receiver; any function so named when the type is unknown.
        let receiverType = typeName(of: base)
        let named = index.functions.filter { $0.base == name && $0.parameters.count > position }
        var candidates = named.filter { receiverType == nil || $0.typePath.joined(separator: ".") == receiverType }
        if candidates.isEmpty, base == nil { candidates = named.filter(\.typePath.isEmpty) }
        guard depth < Self.maximumDepth, let declaration = candidates.first, let body = declaration.body else {
            return [ClosureDestination(step: .passedToFunction, target: callee.trimmedDescription, file: function.file, line: line(node))]
        }
        let inner = FlowContext(function: declaration, index: index, depth: depth + 1)
        let parameter = declaration.parameters[position].name
        let onward = uses(of: parameter, in: Syntax(body), after: body.position).flatMap { inner.destinations(of: $0) }
        let handed = ClosureDestination(step: onward.isEmpty ? .passedToFunction : .storedFromParameter,
                                        target: declaration.displayName, file: function.file, line: line(node))
        return [handed] + onward
    }

    /// References to `name` in `node` after `position`.
    private func uses(of name: String, in node: Syntax, after position: AbsolutePosition) -> [ExprSyntax] {
        let finder = References(name: name)
        finder.walk(node)
        return finder.found.filter { $0.position >= position }.map(ExprSyntax.init)
    }
}

/// `name` used as a value.
private final class References: SyntaxVisitor {
    let name: String
    var found: [DeclReferenceExprSyntax] = []
    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == name, node.parent?.is(MemberAccessExprSyntax.self) != true
            || node.parent?.as(MemberAccessExprSyntax.self)?.base.map(Syntax.init) == Syntax(node) {
            found.append(node)
        }
        return .skipChildren
    }
}

/// The type of a local `let name = T(…)` or `let name: T`.
private final class LocalInitialisers: SyntaxVisitor {
    let name: String
    var type: String?
    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }
    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard type == nil, node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { return .visitChildren }
        if let annotation = node.typeAnnotation {
            type = annotation.type.trimmedDescription
        } else if let call = node.initializer?.value.as(FunctionCallExprSyntax.self) {
            type = call.calledExpression.trimmedDescription
        }
        return .skipChildren
    }
}
