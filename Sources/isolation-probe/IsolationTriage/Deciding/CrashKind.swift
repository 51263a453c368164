/// One cause of a stop that triage recognises: the evidence that identifies
/// it, the verdict and words it gives, and report fragments it must
/// recognise (one test triages every kind's samples). Adding a kind is one
/// file in `Kinds/` conforming to this and one line in
/// ``TriageClassifier/kinds``, where the first kind that matches decides.
///
/// A kind decides from ``CrashEvidence`` alone, never from the format the
/// report was read in.
///
/// ```swift
/// MemoryCorruptionKind.matches(evidence)   // true for a SIGSEGV
/// ```
protocol CrashKind: Sendable {
    /// A short name for tests and documentation (`memory-corruption`).
    static var id: String { get }
    /// The verdict a report of this kind gets.
    static var verdict: TriageVerdict { get }
    /// One sentence: the evidence that identifies the kind.
    static var identifiedBy: String { get }
    /// Report texts (or fragments) that must be diagnosed as this kind and
    /// as no kind before it in the list.
    static var samples: [String] { get }
    /// Whether `evidence` shows this kind (the kinds before it in the list
    /// having not matched).
    static func matches(_ evidence: CrashEvidence) -> Bool
    /// Sets `diagnosis`'s verdict, summary, evidence lines and frames.
    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis)
}

/// One route by which isolated code reaches the wrong executor, as a
/// catalog case: what in the frames points to it, its route text (in
/// ``IsolationRoute``'s factory beside it), and report fragments it must be
/// found in. Adding one is one file in `Kinds/` and one line in
/// ``TriageClassifier/routes``; the first route that answers decides.
///
/// ```swift
/// PreconcurrencyWitnessRoute.route(for: frames)?.caseIDs   // ["8a"]
/// ```
protocol IsolationRouteKind: Sendable {
    /// The catalog cases the route leads to, the usual closest first.
    static var caseIDs: [String] { get }
    /// Report texts (or fragments) of isolation traps that must take this route.
    static var samples: [String] { get }
    /// The route the frames show, with what in them points to it; nil when
    /// this route does not fit.
    static func route(for frames: RouteEvidence) -> IsolationRoute?
}
