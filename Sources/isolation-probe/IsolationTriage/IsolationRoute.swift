/// How main-actor (or other actor-isolated) code most likely reached the
/// wrong executor, as one of the probe's catalog cases.
///
/// ```swift
/// let route = IsolationRoute.storedClosure(reason: "…")
/// route.caseIDs                          // ["1", "2", "3"]
/// route.explainCommand                   // "isolation-probe explain 1"
/// ```
public struct IsolationRoute: Sendable, Hashable, Codable {
    /// Catalog entries (as `isolation-probe list` numbers them) that reproduce
    /// this route, the closest to the report first.
    public var caseIDs: [String]
    /// The route in a few words.
    public var title: String
    /// What in the report points to it.
    public var reason: String

    /// Creates a route.
    ///
    /// ```swift
    /// IsolationRoute(caseIDs: ["8b"], title: "callback", reason: "called from LegacyScheduler")
    /// ```
    public init(caseIDs: [String], title: String, reason: String) {
        self.caseIDs = caseIDs
        self.title = title
        self.reason = reason
    }

    /// The command that prints the first case's explanation and fix.
    ///
    /// ```swift
    /// IsolationRoute.preconcurrencyWitness(reason: "").explainCommand   // "isolation-probe explain 8a"
    /// ```
    public var explainCommand: String {
        "isolation-probe explain " + (caseIDs.first ?? "")
    }

    /// A closure formed in actor-isolated code (so it is isolated too),
    /// stored in an `@unchecked Sendable` box or a member the compiler does
    /// not check, and called later from another thread (catalog 1–3).
    ///
    /// ```swift
    /// IsolationRoute.storedClosure(reason: "reabstraction thunks for generic storage").caseIDs  // ["1", "2", "3"]
    /// ```
    public static func storedClosure(reason: String, closest: String = "1") -> IsolationRoute {
        IsolationRoute(caseIDs: [closest] + ["1", "2", "3"].filter { $0 != closest },
                       title: "a stored closure in an @unchecked Sendable box, called from another thread",
                       reason: reason)
    }

    /// A protocol requirement implemented by an actor-isolated method through
    /// a `@preconcurrency` conformance, called off that actor (catalog 8a).
    ///
    /// ```swift
    /// IsolationRoute.preconcurrencyWitness(reason: "").caseIDs   // ["8a"]
    /// ```
    public static func preconcurrencyWitness(reason: String) -> IsolationRoute {
        IsolationRoute(caseIDs: ["8a"],
                       title: "a @preconcurrency conformance's witness, called off its actor",
                       reason: reason)
    }

    /// An isolated closure handed to code that knows nothing of isolation (a
    /// Swift 5 module, an Objective-C or C framework) and calls it back on
    /// its own queue (catalog 8b).
    ///
    /// ```swift
    /// IsolationRoute.callbackIntoUncheckedModule(reason: "").caseIDs   // ["8b"]
    /// ```
    public static func callbackIntoUncheckedModule(reason: String) -> IsolationRoute {
        IsolationRoute(caseIDs: ["8b"],
                       title: "a callback handed to a Swift 5 module or framework that calls it on its own queue",
                       reason: reason)
    }

    /// `MainActor.assumeIsolated` (or another actor's) called where the
    /// promise does not hold, directly or in a callback (catalog 8c, 13a).
    ///
    /// ```swift
    /// IsolationRoute.assumeIsolatedOffActor(reason: "").caseIDs   // ["8c", "13a"]
    /// ```
    public static func assumeIsolatedOffActor(reason: String, inCallback: Bool = false) -> IsolationRoute {
        IsolationRoute(caseIDs: inCallback ? ["13a", "8c"] : ["8c", "13a"],
                       title: "assumeIsolated called off the actor it promises",
                       reason: reason)
    }
}
