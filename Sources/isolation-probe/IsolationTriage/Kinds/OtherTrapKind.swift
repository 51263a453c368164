/// A stop for another reason than actor isolation (a precondition, a force
/// unwrap of nil, a bounds check …) that a trap signal alone would make
/// look like one.
enum OtherTrapKind: CrashKind {
    static let id = "other-trap"
    static let verdict = TriageVerdict.otherTrap
    static let identifiedBy = "a stop with a fatal runtime message or a named frame, and no executor check or isolation message"
    static let samples = [
        """
        Fatal error: Unexpectedly found nil while unwrapping an Optional value
        Illegal instruction (core dumped)
        """,
        """
        2026-11-23T03:00:00Z systemd[1]: myservice.service: watchdog timeout reset
        2026-11-23T03:00:01Z myservice: Fatal error: Unexpectedly found nil while unwrapping an Optional value
        """,
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool {
        evidence.isStop && (!evidence.fatalMessages.isEmpty || evidence.firstNamedFrame != nil)
    }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        let topSymbol = evidence.firstNamedFrame
        diagnosis.topFrames = evidence.topFrames
        diagnosis.evidence += TriageClassifier.signalEvidence(evidence.signals, stop: evidence.report.stopReason)
        diagnosis.verdict = verdict
        diagnosis.evidence += evidence.fatalMessages.prefix(3)
        diagnosis.evidence.append("no executor-check frame (swift_task_isCurrentExecutor…, _checkExpectedExecutor, assumeIsolated) above the program's code and no isolation message")
        if let topSymbol { diagnosis.evidence.append("first frame of the program's code: \(topSymbol.displayName)" + (topSymbol.location.map { " at \($0)" } ?? "")) }
        diagnosis.summary = "The program stopped for another reason than actor isolation"
            + (evidence.fatalMessages.first.map { ": \($0)" } ?? (topSymbol.map { ", in \($0.displayName)." } ?? "."))
    }
}
