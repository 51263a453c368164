/// How main-actor (or other actor-isolated) code most likely reached the
/// wrong executor: what happened and the fix, told in the report's own
/// names, and the catalog cases that tell the same story with theirs. Each
/// route's text and what identifies it live in its file in `Kinds/`.
///
/// ```swift
/// let route = IsolationRoute.storedClosure(reason: "…", why: "…", fix: "…")
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
    /// What happened, in the report's type and function names.
    public var why: String
    /// The change to make, in the report's type and function names.
    public var fix: String

    /// Creates a route.
    ///
    /// ```swift
    /// IsolationRoute(caseIDs: ["8b"], title: "callback", reason: "called from LegacyScheduler",
    ///                why: "`LegacyScheduler.fire()` called the closure on its own thread.",
    ///                fix: "Make the callback parameter @Sendable.")
    /// ```
    public init(caseIDs: [String], title: String, reason: String, why: String, fix: String) {
        self.caseIDs = caseIDs
        self.title = title
        self.reason = reason
        self.why = why
        self.fix = fix
    }

    /// The command that prints the first case's explanation and fix.
    ///
    /// ```swift
    /// IsolationRoute.preconcurrencyWitness(reason: "", why: "", fix: "").explainCommand   // "isolation-probe explain 8a"
    /// ```
    public var explainCommand: String {
        "isolation-probe explain " + (caseIDs.first ?? "")
    }
}
