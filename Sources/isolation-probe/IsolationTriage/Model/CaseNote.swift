/// A catalog case's explanation and fix, as a route's reader needs them.
/// The triage library does not read the catalog itself; the caller passes
/// these in (the probe takes them from its embedded cases).
///
/// ```swift
/// let note = CaseNote(id: "1", title: "@unchecked Sendable box …", explanation: "…", fix: "…")
/// TriageTextRenderer(caseNotes: ["1": note])
/// ```
public struct CaseNote: Sendable, Hashable, Codable {
    /// The catalog number, e.g. `"8b"`.
    public var id: String
    /// The case's one-line title.
    public var title: String
    /// Why the case's program behaves as it does.
    public var explanation: String
    /// What removes the failure.
    public var fix: String

    /// Creates a note.
    ///
    /// ```swift
    /// CaseNote(id: "8a", title: "t", explanation: "e", fix: "f")
    /// ```
    public init(id: String, title: String, explanation: String, fix: String) {
        self.id = id
        self.title = title
        self.explanation = explanation
        self.fix = fix
    }
}

/// One input's result: a diagnosis, or why the input could not be read.
///
/// ```swift
/// let outcome: TriageOutcome = .failed(.empty(source: "a.txt"))
/// ```
public enum TriageOutcome: Sendable, Hashable {
    /// The input was read and classified.
    case diagnosed(Diagnosis)
    /// The input could not be read as text.
    case failed(TriageInputError)
}
