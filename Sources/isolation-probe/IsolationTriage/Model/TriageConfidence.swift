/// How firmly the text supports a diagnosis's verdict.
///
/// ```swift
/// diagnosis.confidence            // .low
/// diagnosis.decidedBy             // "the frames between dispatch_assert_queue and your code: …"
/// ```
public enum TriageConfidence: String, Sendable, Hashable, Codable, CaseIterable {
    /// The text states it: a producer's message, a check's frames, a signal with the frames that explain it.
    case high
    /// The text shows it without stating it: a crash reporter's mark, frames that mean it, a sentence naming the check.
    case medium
    /// The likelier of two readings, or a guess from little: ``Diagnosis/decidedBy`` says what would settle it.
    case low
}
