/// The runtime's legacy executor mode saw isolated code on the wrong
/// thread, warned, and let it continue.
enum LegacyModeWarningKind: CrashKind {
    static let id = "legacy-mode-warning"
    static let verdict = TriageVerdict.notACrash
    static let identifiedBy = "a \"data race detected\" warning and no stop"
    static let samples = [
        "warning: data race detected: @MainActor function at M/File.swift:35 was not called on the main thread",
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool { !evidence.legacyWarnings.isEmpty }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        diagnosis.verdict = verdict
        diagnosis.evidence += evidence.legacyWarnings.prefix(3)
        diagnosis.isolation = TriageClassifier.legacyFinding(evidence.legacyWarnings[0])
        diagnosis.summary = "No crash: the runtime's legacy executor mode reported isolated code running on the wrong thread and let it continue. The same program traps in Swift 6 mode."
    }
}
