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
        return .preconcurrencyWitness(reason: "the check fired in a protocol witness (\(symbol)): a @preconcurrency conformance checks the actor there when a caller that knows nothing of it calls the requirement")
    }
}

extension IsolationRoute {
    /// A protocol requirement implemented by an actor-isolated method through
    /// a `@preconcurrency` conformance, called off that actor (catalog 8a).
    ///
    /// ```swift
    /// IsolationRoute.preconcurrencyWitness(reason: "").caseIDs   // ["8a"]
    /// ```
    public static func preconcurrencyWitness(reason: String) -> IsolationRoute {
        IsolationRoute(caseIDs: PreconcurrencyWitnessRoute.caseIDs,
                       title: "a @preconcurrency conformance's witness, called off its actor",
                       reason: reason)
    }
}
