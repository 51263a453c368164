/// A deinit that assumes its class's actor, run where the last reference
/// was released: a plain `deinit` is nonisolated, so it runs on whichever
/// thread drops that reference (catalog 22a; 22b is the fix).
enum DeinitOffActorRoute: IsolationRouteKind {
    static let caseIDs = ["22a", "22b"]
    static let samples = [
        """
        Thread 1 crashed:

         0 0x00007f97dabf32a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
         1 [ra] 0x00007f97dabf4000 swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
         2 [ra] [system] 0x000055d0b7f5c098 static MainActor.assumeIsolated<A>(_:file:line:) + 87 in prog at /src/<compiler-generated>
         3 [ra] 0x000055d0b7f5c1de PlayerView.deinit + 109 in prog at /src/PlayerView.swift:12:9
         4 [ra] [system] 0x000055d0b7f5c259 PlayerView.__deallocating_deinit + 24 in prog at /src/PlayerView.swift
         5 [ra] 0x00007f97dac718c0 _swift_release_dealloc + 15 in libswiftCore.so
         6 [ra] 0x000055d0b7f5cb47 closure #1 in static Program.main() + 70 in prog at /src/Program.swift:20:9
        """,
    ]

    /// Whether `symbol` is a deinit or a closure in one: `X.deinit`,
    /// `X.__deallocating_deinit`, `closure #1 in X.deinit`.
    static func isDeinit(_ symbol: String?) -> Bool {
        guard let symbol else { return false }
        let last = symbol.split(separator: " ").last ?? ""
        return last.hasSuffix(".deinit") || last.hasSuffix(".__deallocating_deinit")
    }

    static func route(for frames: RouteEvidence) -> IsolationRoute? {
        // The check is in the deinit itself (assumeIsolated there), or in
        // an isolated method it called.
        let candidates = [frames.offender, frames.caller].compactMap { $0 }
        guard let deinitFrame = candidates.first(where: { isDeinit($0.symbol) }),
              let type = TriageClassifier.enclosingType(of: deinitFrame.symbol) else { return nil }
        // Who dropped the last reference: the first frame of the program's
        // own code below the deinit, past the release machinery.
        let afterDeinit = frames.frames.drop(while: { $0.index <= deinitFrame.index })
        let releaser = afterDeinit.first { !isDeinit($0.symbol) && !$0.isThunk && TriageClassifier.isOwnCode($0) }
        let releasedBy = releaser.map { "`\($0.displayName)`" } ?? "code the report does not show"
        let assumes = frames.frames.contains { RuntimeLibraries.isAssumeIsolated($0.symbol) }
        return .deinitOffActor(
            reason: "the check fired in `\(deinitFrame.displayName)` (frame \(deinitFrame.index))"
                + (assumes ? ", under assumeIsolated" : "") + ": a deinit runs where the last reference is released",
            why: "`\(type).deinit` ran on the thread that released the last reference to a `\(type)`: \(releasedBy), "
                + "\(frames.ranOn), not \(frames.expectedActor). A deinit is nonisolated unless it is declared `isolated deinit`, "
                + (assumes ? "so the `MainActor.assumeIsolated` inside it fails " : "so the actor-isolated code it calls checks its executor and fails ")
                + "whenever the last reference dies off the actor.",
            fix: "Declare it `isolated deinit` in `\(type)` (Swift 6.2, SE-0371): the runtime then runs it on \(frames.expectedActor) "
                + "whichever thread releases the object. Or move the actor-bound cleanup out of the deinit, into a method "
                + "the owner calls on \(frames.expectedActor) before letting go of the `\(type)`.")
    }
}

extension IsolationRoute {
    /// A deinit released off its class's actor (catalog 22a; 22b is the fix).
    ///
    /// ```swift
    /// IsolationRoute.deinitOffActor(reason: "", why: "", fix: "").caseIDs   // ["22a", "22b"]
    /// ```
    public static func deinitOffActor(reason: String, why: String, fix: String) -> IsolationRoute {
        IsolationRoute(caseIDs: DeinitOffActorRoute.caseIDs,
                       title: "a deinit run where the last reference was released, off its actor",
                       reason: reason, why: why, fix: fix)
    }
}
