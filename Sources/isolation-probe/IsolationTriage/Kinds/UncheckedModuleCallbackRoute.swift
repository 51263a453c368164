/// An isolated closure handed to code that knows nothing of isolation (a
/// Swift 5 module, an Objective-C or C framework) and called back on its
/// own queue (catalog 8b).
enum UncheckedModuleCallbackRoute: IsolationRouteKind {
    static let caseIDs = ["8b"]
    static let samples = [
        // Called back from another image.
        """
        Thread 1 crashed:

         0 0x00007f97dabf32a2 _dispatch_assert_queue_fail + 98 in libdispatch.so
         1 [ra] 0x00007f97dabf4000 swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
         2 [ra] 0x000055d0b7f5c0e7 closure #1 in Gallery.refresh() + 40 in prog at /src/Gallery.swift:12:9
         3 [ra] 0x00007f97dac00000 LegacyScheduler.fire() + 40 in libLegacyScheduler.so
        """,
        // Called back by another type of the same program.
        """
        Thread 1 crashed:

         0 0x00007f97dabf32a2 _dispatch_assert_queue_fail + 98 in libdispatch.so
         1 [ra] 0x00007f97dabf4000 swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
         2 [ra] 0x000055d0b7f5c0e7 closure #1 in Gallery.refresh(done:) + 40 in prog at /src/Gallery.swift:12:9
         3 [ra] 0x000055d0b7f5c2e7 Loader.finish() + 40 in prog at /src/Loader.swift:30:5
        """,
    ]

    static func route(for frames: RouteEvidence) -> IsolationRoute? {
        let symbol = frames.offenderSymbol
        guard let offender = frames.offender, symbol.contains("closure #") else { return nil }
        let caller = frames.caller
        if let caller, caller.isSystem || (caller.image != nil && offender.image != nil && caller.image != offender.image) {
            return .callbackIntoUncheckedModule(reason: "the closure was called back by \(frames.callerName) in \(caller.image ?? "another module"), not by the code that formed it",
                                                why: story(frames, handedTo: "\(frames.callerName) in \(caller.image ?? "another module")"), fix: fix(frames))
        }
        if let caller, let callerType = TriageClassifier.enclosingType(of: caller.symbol),
           let offenderType = TriageClassifier.enclosingType(of: symbol), callerType != offenderType {
            return .callbackIntoUncheckedModule(reason: "the closure was formed in \(offenderType) and called back by \(frames.callerName), which it was handed to",
                                                why: story(frames, handedTo: frames.callerName), fix: fix(frames))
        }
        return nil
    }

    private static func story(_ frames: RouteEvidence, handedTo: String) -> String {
        let formedIn = frames.closureFormedIn.map { "`\($0)`" } ?? "actor-isolated code"
        return "\(frames.offenderName) was written in \(formedIn), which runs on \(frames.expectedActor), so the closure is "
            + "isolated to it too. It was handed to \(handedTo), code compiled without strict concurrency checking "
            + "(a Swift 5 module or a framework), which took a callback that is not `@Sendable` and called it back "
            + "\(frames.ranOn); the closure's executor check stopped the program."
    }

    private static func fix(_ frames: RouteEvidence) -> String {
        "Make the callback parameter `@Sendable` where it is declared, so the compiler sees the closure leave the actor; "
            + "where that code is not yours, hop inside the closure you pass: `{ value in Task { @MainActor in … } }`, "
            + "so only a nonisolated closure is handed over."
    }
}

extension IsolationRoute {
    /// An isolated closure handed to code that knows nothing of isolation (a
    /// Swift 5 module, an Objective-C or C framework) and calls it back on
    /// its own queue (catalog 8b).
    ///
    /// ```swift
    /// IsolationRoute.callbackIntoUncheckedModule(reason: "", why: "", fix: "").caseIDs   // ["8b"]
    /// ```
    public static func callbackIntoUncheckedModule(reason: String, why: String, fix: String) -> IsolationRoute {
        IsolationRoute(caseIDs: UncheckedModuleCallbackRoute.caseIDs,
                       title: "a callback handed to a Swift 5 module or framework that calls it on its own queue",
                       reason: reason, why: why, fix: fix)
    }
}
