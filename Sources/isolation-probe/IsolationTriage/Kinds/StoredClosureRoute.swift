/// A closure formed in actor-isolated code (so it is isolated too), stored
/// in an `@unchecked Sendable` box or a member the compiler does not check,
/// and called later from another thread (catalog 1–3).
enum StoredClosureRoute: IsolationRouteKind {
    static let caseIDs = ["1", "2", "3"]
    static let samples = [
        // Called through thunks to and from generic form: kept in a Box<T>.
        """
        Thread 1 crashed:

         0 0x00007f97dabf32a2 _dispatch_assert_queue_fail + 98 in libdispatch.so
         1 [ra] 0x00007f97dabf4000 swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
         2 [ra] 0x000055d0b7f5c0e7 closure #1 in HostApp.start() + 167 in prog at /src/UncheckedBox.swift:35:9
         3 [ra] [thunk] 0x000055d0b7f5c1e7 thunk for @escaping @callee_guaranteed () -> (@out ()) + 20 in prog at /src/<compiler-generated>
         4 [ra] 0x000055d0b7f5c2e7 closure #2 in static Program.main() + 40 in prog at /src/UncheckedBox.swift:50:9
        """,
        // Formed in an initializer and called later: kept in a member.
        """
        Thread 0 crashed:

         0 0x00007f97dabf32a2 _dispatch_assert_queue_fail + 98 in libdispatch.so
         1 [ra] 0x00007f97dabf4000 swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
         2 [ra] 0x000055d0b7f5c0e7 closure #1 in StatusBar.init() + 40 in prog at /src/ClosureMember.swift
         3 [ra] 0x000055d0b7f5c2e7 closure #1 in static Program.main() + 40 in prog at /src/ClosureMember.swift:36:9
        """,
        // Formed in a function, kept, and called by the program from a Thread.
        """
        Thread 0 crashed:

          0               0x00007f80bcbf32a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
          1 [ra]          0x00007f80bd5a1eaa swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
          2 [ra] [system] 0x00005654a9a4a5c9 closure #1 in install(_:) + 72 in t2 at /tmp/t2.swift
          3 [ra]          0x00005654a9a4a7b7 closure #1 in static Program.main() + 134 in t2 at /tmp/t2.swift:17:21
          4 [ra]          0x00007f80bc7795f9 Thread.main() + 24 in libFoundation.so
          5 [ra]          0x00007f80bc7783b7 NSThreadStart(_:) + 150 in libFoundation.so
        """,
    ]

    static func route(for frames: RouteEvidence) -> IsolationRoute? {
        let symbol = frames.offenderSymbol
        guard frames.offender != nil, symbol.contains("closure #") else { return nil }
        if frames.thunksBelow.contains(where: { ($0.symbol ?? "").contains("@in_guaranteed") || ($0.symbol ?? "").contains("@out")
            || MangledNames.isIndirectReabstraction($0.mangledSymbol ?? $0.symbol) }) {
            return .storedClosure(reason: "the closure was called through reabstraction thunks to and from generic (@in_guaranteed/@out) form: it was stored as a generic value, such as a Box<T>'s value, and called by \(frames.callerName)",
                                  why: story(frames, kept: "as a generic value (a box's `T`, an array's element)"), fix: fix(frames))
        }
        // The backtracer's simplified names drop `@out`; a thunk between the
        // program's own call and the closure is still the reabstraction one.
        if frames.calledByOwnCode, let thunk = frames.thunksBelow.first(where: { ($0.symbol ?? "").hasPrefix("thunk for ") }) {
            let launcher = frames.launcher.map { " on \($0.name)" } ?? ""
            return .storedClosure(reason: "the program's own code (\(frames.callerName)) called the closure through a reabstraction thunk (\(thunk.displayName)): it was stored as a generic value, such as a Box<T>'s value or an array's element, and called later\(launcher)",
                                  why: story(frames, kept: "as a generic value (a box's `T`, an array's element)"), fix: fix(frames))
        }
        // Closures formed in an initializer are kept for later: a member or box.
        if symbol.contains(".init(") {
            return .storedClosure(reason: "the closure was formed in an initializer (\(symbol)) and called later by \(frames.callerName), on another thread; no generic thunks, so it was kept in a member of function type",
                                  why: story(frames, kept: "in a member of function type"), fix: fix(frames), closest: "2")
        }
        // Formed in one function, called by the program's own code on a
        // thread some launcher started: it was kept and called later.
        if frames.calledByOwnCode, let formedIn = frames.closureFormedIn, let launcher = frames.launcher {
            let checks = frames.checksModeClause.map { "; \($0)" } ?? ""
            return .storedClosure(reason: "the closure was formed in `\(formedIn)` and called later by \(frames.callerName), the program's own code, on \(launcher.name); no generic thunks, so it was kept in a member, a property or a collection of function type\(checks)",
                                  why: story(frames, kept: "in a member, a property or a collection of function type"), fix: fix(frames), closest: "2")
        }
        return nil
    }

    private static func story(_ frames: RouteEvidence, kept: String) -> String {
        let formedIn = frames.closureFormedIn.map { "`\($0)`" } ?? "actor-isolated code"
        return "\(frames.offenderName) was written in \(formedIn), which runs on \(frames.expectedActor), so the closure is "
            + "isolated to it too. Its type is not `@Sendable`, so nothing stopped it from being kept \(kept) inside a type "
            + "marked @unchecked Sendable; \(frames.callerName) later called it \(frames.ranOn), and the closure's "
            + "executor check stopped the program."
    }

    private static func fix(_ frames: RouteEvidence) -> String {
        "Make the stored closure's type `@Sendable` and keep it in SafeBox or Mutex instead of the @unchecked Sendable "
            + "storage. A `@Sendable` closure written in \(frames.closureFormedIn.map { "`\($0)`" } ?? "actor-isolated code") "
            + "is not isolated to the actor, and the compiler checks that it captures only Sendable state; if it needs "
            + "the actor's state, it hops there inside (`Task { @MainActor in … }`)."
    }
}

extension IsolationRoute {
    /// A closure formed in actor-isolated code (so it is isolated too),
    /// stored in an `@unchecked Sendable` box or a member the compiler does
    /// not check, and called later from another thread (catalog 1–3).
    ///
    /// ```swift
    /// IsolationRoute.storedClosure(reason: "reabstraction thunks for generic storage", why: "", fix: "").caseIDs  // ["1", "2", "3"]
    /// ```
    public static func storedClosure(reason: String, why: String, fix: String, closest: String = "1") -> IsolationRoute {
        IsolationRoute(caseIDs: [closest] + StoredClosureRoute.caseIDs.filter { $0 != closest },
                       title: "a stored closure in an @unchecked Sendable box, called from another thread",
                       reason: reason, why: why, fix: fix)
    }
}
