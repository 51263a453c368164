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
            return .callbackIntoUncheckedModule(reason: "the closure was called back by \(frames.callerName) in \(caller.image ?? "another module"), not by the code that formed it")
        }
        if let caller, let callerType = TriageClassifier.enclosingType(of: caller.symbol),
           let offenderType = TriageClassifier.enclosingType(of: symbol), callerType != offenderType {
            return .callbackIntoUncheckedModule(reason: "the closure was formed in \(offenderType) and called back by \(frames.callerName), which it was handed to")
        }
        return nil
    }
}

extension IsolationRoute {
    /// An isolated closure handed to code that knows nothing of isolation (a
    /// Swift 5 module, an Objective-C or C framework) and calls it back on
    /// its own queue (catalog 8b).
    ///
    /// ```swift
    /// IsolationRoute.callbackIntoUncheckedModule(reason: "").caseIDs   // ["8b"]
    /// ```
    public static func callbackIntoUncheckedModule(reason: String) -> IsolationRoute {
        IsolationRoute(caseIDs: UncheckedModuleCallbackRoute.caseIDs,
                       title: "a callback handed to a Swift 5 module or framework that calls it on its own queue",
                       reason: reason)
    }
}
