/// What an isolation trap's frames mean, whichever program produced them:
/// the function a closure was formed in, the thread's launcher, and what
/// the check's place says about the checks mode. Routes decide from these
/// rather than from the catalog programs' own frame shapes.
///
/// ```swift
/// evidence.closureFormedIn   // "install(_:)" for `closure #1 in install(_:)`
/// evidence.launcher?.name    // "a Foundation `Thread`"
/// ```
extension RouteEvidence {
    /// The function the offending closure was written in: what follows the
    /// last `closure #N in ` (nil when the offender is not a closure).
    var closureFormedIn: String? {
        var name = Substring(offenderSymbol)
        guard name.contains("closure #") else { return nil }
        while let range = name.range(of: "closure #"), let inWord = name[range.upperBound...].range(of: " in ") {
            name = name[inWord.upperBound...]
        }
        if name.hasPrefix("implicit ") { name = name.dropFirst("implicit ".count) }
        return String(name)
    }

    /// Who started the thread the offender ran on.
    var launcher: ThreadLauncher? {
        ThreadLauncher(below: below, programImage: offender?.image)
    }

    /// Whether the program's own code called the offender directly (through
    /// thunks at most), from the same image: the program kept the closure
    /// and called it itself, rather than handing it to a framework.
    /// A caller that is a method (or a closure in one) of another type than
    /// the one the closure was formed in is code the closure was handed to,
    /// such as a library linked into the program (catalog 8b), not code
    /// that read it back from storage.
    var calledByOwnCode: Bool {
        guard let offender, let caller else { return false }
        if let callerType = TriageClassifier.enclosingType(of: caller.symbol),
           let offenderType = TriageClassifier.enclosingType(of: offender.symbol), callerType != offenderType {
            return false
        }
        return TriageClassifier.isOwnCode(caller)
            && (caller.image == nil || offender.image == nil || caller.image == offender.image)
    }

    /// The checks mode the evidence shows, in a clause: an executor check
    /// directly above the offender is the one `-enable-actor-data-race-checks`
    /// inserts at an isolated closure's or function's entry.
    var checksModeClause: String? {
        guard let offenderIndex,
              frames[..<offenderIndex].contains(where: { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) }),
              !frames[..<offenderIndex].contains(where: { RuntimeLibraries.isAssumeIsolated($0.symbol) }) else { return nil }
        return "the executor check at its entry is the one -enable-actor-data-race-checks inserts (built without it, the closure runs on that thread unchecked)"
    }
}

/// The names a route's story is told in: the report's own types, functions
/// and threads, each in backticks.
extension RouteEvidence {
    /// The actor the check expected: the one a message names, else the main
    /// actor (the usual owner of a check through `dispatch_assert_queue`).
    var expectedActor: String {
        guard let stated = TriageClassifier.expectedExecutor(in: messages), !stated.contains("MainActor") else {
            return "the main actor"
        }
        return "`\(stated)`"
    }

    /// Where the offender ran, as a phrase: `on a Foundation `Thread``,
    /// or `on another thread` when no launcher is in the frames.
    var ranOn: String {
        "on " + (launcher?.name ?? "another thread")
    }

    /// `` `Canvas.draw()` `` for the offender, or "the code above the check".
    var offenderName: String {
        offender.map { "`\($0.displayName)`" } ?? "the code above the check"
    }

    /// The first frame below the offender, past thunks, that is a protocol
    /// witness: the call entered the offender through a conformance.
    var witnessBelow: StackFrame? {
        below.prefix { $0.isThunk || ProtocolWitness($0.symbol) != nil }.first { ProtocolWitness($0.symbol) != nil }
    }
}

/// `protocol witness for P.f() in conformance X`, read into its parts.
///
/// ```swift
/// let witness = ProtocolWitness("protocol witness for Renderer.draw() in conformance Canvas")
/// witness?.requirement       // "Renderer.draw()"
/// witness?.protocolName      // "Renderer"
/// witness?.conformingType    // "Canvas"
/// ```
struct ProtocolWitness {
    let requirement: String
    let conformingType: String

    init?(_ symbol: String?) {
        guard let symbol, let start = symbol.range(of: "protocol witness for "),
              let conformance = symbol.range(of: " in conformance ", range: start.upperBound..<symbol.endIndex) else { return nil }
        requirement = String(symbol[start.upperBound..<conformance.lowerBound])
        let type = symbol[conformance.upperBound...].prefix { $0 != " " && $0 != ":" }
        guard !requirement.isEmpty, !type.isEmpty else { return nil }
        conformingType = String(type)
    }

    /// The protocol: the requirement's name up to its last `.` before any parameters.
    var protocolName: String {
        let name = requirement.prefix { $0 != "(" && $0 != " " }
        return name.split(separator: ".").dropLast().joined(separator: ".")
    }

    /// The requirement's member name: `draw()` for `Renderer.draw()`.
    var memberName: String {
        protocolName.isEmpty ? requirement : String(requirement.dropFirst(protocolName.count + 1))
    }
}
