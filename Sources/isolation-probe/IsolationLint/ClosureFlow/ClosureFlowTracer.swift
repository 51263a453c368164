import Foundation
import ProbeSupport
import SwiftParser
import SwiftSyntax

/// Where a closure a crash names was written, and where its value went:
/// triage's join between an offender (`closure #1 in install(_:)`) and the
/// sources. It finds the enclosing function by name (and by line when the
/// report has one), the closure in it by its number, and follows the value
/// one step at a time: assigned to a member or variable, through a setter,
/// appended to a collection, or handed to a function whose parameter is
/// stored.
///
/// ```swift
/// let flows = try ClosureFlowTracer(paths: ["Sources"]).trace(function: "install(_:)", closureNumbers: [1])
/// flows.first?.destinations.first?.member   // "Box.f"
/// ```
package struct ClosureFlowTracer {
    private let sources: [(path: String, tree: SourceFileSyntax, converter: SourceLocationConverter)]
    private let index: DeclarationIndex

    /// Reads and parses every `.swift` file under `paths` as lint does
    /// (``LintEngine``'s loading: the same size, depth and time limits);
    /// files lint skips are not traced. A path that does not exist is an
    /// error.
    package init(paths: [String]) throws {
        let parsed: [ParsedSource]
        do { parsed = try LintEngine().load(paths: paths).sources } catch LintEngine.Failure.nothingReadable { parsed = [] }
        let files = parsed.map { ($0.path, $0.tree, $0.converter) }
        sources = files
        index = DeclarationIndex(files: files)
    }

    /// The closures `closure #N in … in function` names, with where each
    /// value went. `closureNumbers` is outermost first (`closure #1 in
    /// closure #3 in f` is `[3, 1]`); `file` (a file name or path) and
    /// `line` narrow functions of the same name. Several results when the
    /// name stays ambiguous.
    package func trace(function: String, closureNumbers: [Int], file: String? = nil, line: Int? = nil) -> [ClosureFlow] {
        let name = FunctionName(function)
        var candidates = index.functions.filter { name.matches($0) }
        if let file, candidates.contains(where: { Self.sameFile($0.file, file) }) {
            candidates = candidates.filter { Self.sameFile($0.file, file) }
        }
        if let line, let containing = candidates.first(where: { $0.lines.contains(line) }) {
            candidates = [containing]
        }
        return candidates.compactMap { function -> ClosureFlow? in
            guard let body = function.body, let closure = Self.closure(numbered: closureNumbers, in: Syntax(body)) else { return nil }
            let location = function.converter.location(for: closure.positionAfterSkippingLeadingTrivia)
            let context = FlowContext(function: function, index: index)
            return ClosureFlow(function: function.displayName, file: function.file, line: location.line,
                               destinations: context.destinations(of: ExprSyntax(closure)))
        }
    }

    /// The closure numbered `numbers` (outermost first) among the closures
    /// directly in `node`, in source order, as the compiler numbers them.
    static func closure(numbered numbers: [Int], in node: Syntax) -> ClosureExprSyntax? {
        guard let first = numbers.first else { return nil }
        let direct = DirectClosures(viewMode: .sourceAccurate)
        direct.walk(node)
        guard first >= 1, first <= direct.found.count else { return nil }
        let closure = direct.found[first - 1]
        return numbers.count == 1 ? closure : Self.closure(numbered: Array(numbers.dropFirst()), in: Syntax(closure.statements))
    }

    static func sameFile(_ path: String, _ name: String) -> Bool {
        path == name || path.hasSuffix("/" + name) || name.hasSuffix("/" + (path as NSString).lastPathComponent)
    }
}

/// One closure written in the sources and the places its value reached.
package struct ClosureFlow: Sendable, Hashable {
    /// The enclosing function as written (`install(_:)`, `StatusBar.init()`).
    package var function: String
    /// The file the closure is in.
    package var file: String
    /// 1-based line of the closure's opening brace.
    package var line: Int
    /// Where the value went, in the order followed.
    package var destinations: [ClosureDestination]
}

/// One place a closure value reached.
package struct ClosureDestination: Sendable, Hashable {
    /// How it got there.
    package enum Step: String, Sendable, Hashable {
        case assignedToMember = "assigned to"
        case passedToSetter = "passed to the setter of"
        case appendedToCollection = "appended to"
        case storedFromParameter = "handed to a function that stores it in"
        case assignedToVariable = "assigned to the variable"
        case passedToFunction = "passed to"
    }

    package var step: Step
    /// What it reached as the code says it: `Box.f`, `b.f`, `register(_:)`.
    package var target: String
    /// The file and 1-based line of the expression that moved it.
    package var file: String
    package var line: Int
    /// The stored member's declaration, when it was found: type and member
    /// name, and where the member is declared.
    package var member: String?
    package var memberFile: String?
    package var memberLine: Int?
    /// The line of the declaration of the type that holds the member.
    package var typeLine: Int?
}

/// `install(_:)`, `static Program.main()`, `StatusBar.init()`: the parts
/// a demangled name gives.
struct FunctionName {
    var typePath: [String]
    var base: String
    var labels: [String]?

    init(_ text: String) {
        var name = Substring(text)
        for prefix in ["static ", "class "] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        let open = name.firstIndex(of: "(")
        let path = name[..<(open ?? name.endIndex)].split(separator: ".").map(String.init)
        typePath = Array(path.dropLast())
        base = path.last ?? ""
        if let open, let close = name[open...].firstIndex(of: ")") {
            labels = name[name.index(after: open)..<close].split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        }
    }

    func matches(_ function: DeclarationIndex.Function) -> Bool {
        guard function.base == base else { return false }
        if let labels, labels != function.labels { return false }
        if !typePath.isEmpty, !function.typePath.isEmpty, Array(function.typePath.suffix(typePath.count)) != typePath { return false }
        if !typePath.isEmpty, function.typePath.isEmpty { return false }
        return true
    }
}

/// The closures directly in a node: not those nested in another closure.
final class DirectClosures: SyntaxVisitor {
    var found: [ClosureExprSyntax] = []
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .skipChildren
    }
    // A nested function's closures are numbered in that function.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
