/// How main-actor (or other actor-isolated) code most likely reached the
/// wrong executor, as one of the probe's catalog cases. Each route's text
/// and what identifies it live in its file in `Kinds/`.
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
}
