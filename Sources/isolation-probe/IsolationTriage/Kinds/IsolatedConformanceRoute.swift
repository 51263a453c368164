/// An isolated conformance (`@MainActor P`, SE-0470) used off its actor:
/// the requirement was called through the witness on another thread, and
/// the actor-isolated method it leads to checked its executor (catalog 16a;
/// 18a is the same conformance lost to a dynamic cast).
enum IsolatedConformanceRoute: IsolationRouteKind {
    static let caseIDs = ["16a", "18a"]
    static let samples = [
        """
        Thread 1 crashed:

         0 0x00007f97dabf32a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
         1 [ra] 0x00007f97dabf4000 swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
         2 [ra] [system] 0x000055d0b7f5c0e7 Canvas.render() + 127 in prog at /src/Canvas.swift
         3 [ra] [thunk] 0x000055d0b7f5c1e7 protocol witness for Renderer.render() in conformance Canvas + 15 in prog at /src/<compiler-generated>
         4 [ra] 0x000055d0b7f5c2e7 closure #1 in static Program.main() + 106 in prog at /src/Program.swift:20:9
        """,
    ]

    static func route(for frames: RouteEvidence) -> IsolationRoute? {
        guard let offender = frames.offender, let witnessFrame = frames.witnessBelow,
              let witness = ProtocolWitness(witnessFrame.symbol) else { return nil }
        let type = "`\(witness.conformingType)`", requirement = "`\(witness.requirement)`"
        let member = "`\(witness.conformingType).\(witness.memberName)`"
        let protocolName = witness.protocolName.isEmpty ? "the protocol" : "`\(witness.protocolName)`"
        return .isolatedConformance(
            reason: "the check fired in `\(offender.displayName)`, entered through `\(witnessFrame.displayName)` "
                + "(frame \(witnessFrame.index)): the requirement was called through a conformance whose witness is isolated to an actor",
            why: "\(type)'s conformance to \(protocolName) holds only on \(frames.expectedActor) (an isolated conformance, "
                + "or an actor-isolated method witnessing a nonisolated requirement), yet \(frames.callerName) called "
                + "\(requirement) through it \(frames.ranOn). Something carried the conformance off the actor: a value of "
                + "`any \(witness.protocolName.isEmpty ? "P" : witness.protocolName)` kept in an @unchecked Sendable holder, or a generic "
                + "function given \(type) and run elsewhere. \(member) then checked its executor and stopped the program; "
                + "built without -enable-actor-data-race-checks it would have run on that thread unchecked.",
            fix: "If \(member) touches no actor state, mark it `nonisolated`, so the conformance need not be isolated. "
                + "Otherwise keep the conformance isolated and stop passing it out: drop the @unchecked Sendable from what "
                + "holds the `any \(witness.protocolName.isEmpty ? "P" : witness.protocolName)`, and call \(requirement) "
                + "on \(frames.expectedActor) (`await` it from the other thread).")
    }
}

extension IsolationRoute {
    /// An isolated conformance used off its actor (catalog 16a, 18a).
    ///
    /// ```swift
    /// IsolationRoute.isolatedConformance(reason: "", why: "", fix: "").caseIDs   // ["16a", "18a"]
    /// ```
    public static func isolatedConformance(reason: String, why: String, fix: String) -> IsolationRoute {
        IsolationRoute(caseIDs: IsolatedConformanceRoute.caseIDs,
                       title: "an isolated conformance used off its actor",
                       reason: reason, why: why, fix: fix)
    }
}
