/// The runtime's isolation check in its logging mode (the legacy executor
/// mode, or Swift 5 language mode) saw isolated code on the wrong thread,
/// printed `warning: data race detected` and let it continue: an isolation
/// violation that was logged instead of trapped.
enum LegacyModeWarningKind: CrashKind {
    static let id = "legacy-mode-warning"
    static let verdict = TriageVerdict.isolationTrap
    static let identifiedBy = "a \"data race detected\" warning and no stop"
    static let samples = [
        "warning: data race detected: @MainActor function at M/File.swift:35 was not called on the main thread",
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool { !evidence.legacyWarnings.isEmpty }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        diagnosis.verdict = verdict
        diagnosis.cause = "logging-mode-warning"
        diagnosis.evidence += evidence.legacyWarnings.prefix(3)
        diagnosis.isolation = TriageClassifier.legacyFinding(evidence.legacyWarnings[0])
        diagnosis.summary = "An isolation violation that was logged, not trapped: the runtime's check, in its logging mode, saw isolated code on the wrong thread and let it continue. The same program traps in Swift 6 mode."
    }
}
