/// `MainActor.assumeIsolated` (or another actor's) called where the
/// promise does not hold: directly from a block the system ran (catalog
/// 8c) or inside a callback the program's own code called (13a).
enum AssumeIsolatedRoute: IsolationRouteKind {
    static let caseIDs = ["8c", "13a"]
    static let samples = [
        """
        Thread 2 crashed:

         0 0x00007f97dabf32a2 _assertionFailure(_:_:file:line:flags:) + 254 in libswiftCore.so
         1 [ra] 0x00007f97dabf4000 swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
         2 [ra] 0x00007f97dabf5000 static MainActor.assumeIsolated<A>(_:file:line:) + 120 in libswift_Concurrency.so
         3 [ra] 0x000055d0b7f5c0e7 closure #1 in Poller.start() + 40 in prog at /src/Poller.swift:12:9
        """,
        """
        Fatal error: Incorrect actor executor assumption; Expected same executor as MainActor, but was executing on '<unknown>'.
        Illegal instruction (core dumped)
        """,
    ]

    static func route(for frames: RouteEvidence) -> IsolationRoute? {
        if let assume = frames.frames.first(where: { RuntimeLibraries.isAssumeIsolated($0.symbol) }) {
            // Program code below the offender called it: a callback (13a), not
            // a block the system ran directly (8c).
            let calledByProgram = frames.below.contains { TriageClassifier.isOwnCode($0) && !$0.isThunk }
            return .assumeIsolatedOffActor(
                reason: "assumeIsolated is on the crashed thread's stack (frame \(assume.index): \(assume.displayName))"
                    + (calledByProgram ? ", inside a closure the program's own code called back" : ""),
                why: story(frames, calledByProgram: calledByProgram), fix: fix(frames),
                inCallback: calledByProgram)
        }
        if let message = frames.messages.first(where: { $0.contains("Expected same executor as") }) {
            return .assumeIsolatedOffActor(reason: "the runtime's message is the one assumeIsolated/preconditionIsolated print: \(message)",
                                           why: story(frames, calledByProgram: false), fix: fix(frames))
        }
        return nil
    }

    private static func story(_ frames: RouteEvidence, calledByProgram: Bool) -> String {
        let caller = calledByProgram ? ", called back by \(frames.callerName)," : ""
        return "\(frames.offenderName) called assumeIsolated, a promise that it already runs on \(frames.expectedActor); "
            + "it ran\(caller) \(frames.ranOn), so the promise was false and the runtime stopped the program. "
            + "assumeIsolated compiles in every mode because it moves the check to run time."
    }

    private static func fix(_ frames: RouteEvidence) -> String {
        "In \(frames.offenderName), hop instead of asserting: `Task { @MainActor in … }` or `await MainActor.run { … }` "
            + "runs the work on \(frames.expectedActor) whichever thread arrives. Keep assumeIsolated only where the API "
            + "that calls this code documents that it calls on that actor."
    }
}

extension IsolationRoute {
    /// `MainActor.assumeIsolated` (or another actor's) called where the
    /// promise does not hold, directly or in a callback (catalog 8c, 13a).
    ///
    /// ```swift
    /// IsolationRoute.assumeIsolatedOffActor(reason: "", why: "", fix: "").caseIDs   // ["8c", "13a"]
    /// ```
    public static func assumeIsolatedOffActor(reason: String, why: String, fix: String, inCallback: Bool = false) -> IsolationRoute {
        let ids = AssumeIsolatedRoute.caseIDs
        return IsolationRoute(caseIDs: inCallback ? Array(ids.reversed()) : ids,
                              title: "assumeIsolated called off the actor it promises",
                              reason: reason, why: why, fix: fix)
    }
}
