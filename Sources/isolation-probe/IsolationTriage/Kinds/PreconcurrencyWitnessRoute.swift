/// A protocol requirement implemented by an actor-isolated method through
/// a `@preconcurrency` conformance, called off that actor (catalog 8a).
enum PreconcurrencyWitnessRoute: IsolationRouteKind {
    static let caseIDs = ["8a"]
    static let samples = [
        """
        Thread 1 crashed:

         0 0x00007f97dabf32a2 _dispatch_assert_queue_fail + 98 in libdispatch.so
         1 [ra] 0x00007f97dabf4000 swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
         2 [ra] 0x000055d0b7f5c0e7 protocol witness for Renderer.draw() in conformance Canvas + 40 in prog at /src/Canvas.swift
         3 [ra] 0x000055d0b7f5c1e7 Scheduler.tick() + 40 in prog at /src/Scheduler.swift:20:5
        """,
    ]

    static func route(for frames: RouteEvidence) -> IsolationRoute? {
        let symbol = frames.offenderSymbol
        guard frames.offender != nil, symbol.hasPrefix("protocol witness for") else { return nil }
        let witness = ProtocolWitness(symbol)
        let type = witness.map { "`\($0.conformingType)`" } ?? "the conforming type"
        let protocolName = witness.map { "`\($0.protocolName)`" } ?? "the protocol"
        let requirement = witness.map { "`\($0.requirement)`" } ?? "the requirement"
        let member = witness.map { "`\($0.conformingType).\($0.memberName)`" } ?? "the witness"
        return .preconcurrencyWitness(
            reason: "the check fired in a protocol witness (\(symbol)): a @preconcurrency conformance checks the actor there when a caller that knows nothing of it calls the requirement",
            why: "\(type) conforms to \(protocolName) through `@preconcurrency`, and \(member) is isolated to \(frames.expectedActor). "
                + "`@preconcurrency` silences the compiler's complaint and puts the check in the witness instead: \(frames.callerName), "
                + "which knows nothing of the actor, called \(requirement) \(frames.ranOn), and the witness stopped the program.",
            fix: "If \(member) touches no actor state, mark it `nonisolated`. Otherwise call \(requirement) only on "
                + "\(frames.expectedActor): in \(frames.callerName), hop first (`await MainActor.run { … }` or "
                + "`Task { @MainActor in … }`), or make the conformance isolated (`@MainActor \(witness?.protocolName ?? "P")`) so the compiler keeps it on the actor.")
    }
}

extension IsolationRoute {
    /// A protocol requirement implemented by an actor-isolated method through
    /// a `@preconcurrency` conformance, called off that actor (catalog 8a).
    ///
    /// ```swift
    /// IsolationRoute.preconcurrencyWitness(reason: "", why: "", fix: "").caseIDs   // ["8a"]
    /// ```
    public static func preconcurrencyWitness(reason: String, why: String, fix: String) -> IsolationRoute {
        IsolationRoute(caseIDs: PreconcurrencyWitnessRoute.caseIDs,
                       title: "a @preconcurrency conformance's witness, called off its actor",
                       reason: reason, why: why, fix: fix)
    }
}
