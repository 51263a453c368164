/// The program stopped, but the report has neither symbols nor a message:
/// an isolation trap and a precondition failure look the same here.
enum UnsymbolicatedStopKind: CrashKind {
    static let id = "unsymbolicated-stop"
    static let verdict = TriageVerdict.unknown
    static let identifiedBy = "a trap or abort with no named frame and no runtime message"
    static let samples = [
        "*** Program crashed: Illegal instruction at 0x0000000000000001 ***",
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool { evidence.isStop }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        diagnosis.topFrames = evidence.topFrames
        diagnosis.evidence += TriageClassifier.signalEvidence(evidence.signals, stop: evidence.report.stopReason)
        diagnosis.verdict = verdict
        diagnosis.confidence = .low
        let stopped = "The program stopped (\(evidence.signals.joined(separator: ", ")))"
        if evidence.frames.isEmpty {
            diagnosis.decidedBy = "the crashed thread's frames (the whole report, not only its header), or the runtime's message printed before the stop"
            diagnosis.evidence.append("no frames")
            diagnosis.summary = stopped + ", but the text has neither the crashed thread's frames nor a message: an isolation trap and a precondition failure look the same here. Give the whole report and triage it again."
        } else {
            diagnosis.decidedBy = "the report symbolicated (the program's dSYM or debug symbols), or the runtime's message printed before the stop"
            diagnosis.evidence.append("no frame is symbolicated")
            diagnosis.summary = stopped + ", but the report has neither symbols nor a message: an isolation trap and a precondition failure look the same here. Symbolicate the report and triage it again."
        }
    }
}
