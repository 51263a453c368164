/// A stop for another reason than actor isolation, named when the text
/// names it (``TrapCause``: a force unwrap of nil, an index out of range, a
/// precondition, `try!`, an exclusivity violation, a continuation resumed
/// twice, `dispatch_sync` on the queue the thread holds), that a trap
/// signal alone would make look like one.
enum OtherTrapKind: CrashKind {
    static let id = "other-trap"
    static let verdict = TriageVerdict.otherTrap
    static let identifiedBy = "a stop (a trap signal, a fatal runtime message, a function that only runs when stopping, a crashed thread) with a fatal runtime message or a named frame, and no executor check or isolation message"
    static let samples = [
        """
        Fatal error: Unexpectedly found nil while unwrapping an Optional value
        Illegal instruction (core dumped)
        """,
        """
        2026-11-23T03:00:00Z systemd[1]: myservice.service: watchdog timeout reset
        2026-11-23T03:00:01Z myservice: Fatal error: Unexpectedly found nil while unwrapping an Optional value
        """,
        "Simultaneous accesses to 0x600000c04f10, but modification requires exclusive access.",
        """
        BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread
        0  libdispatch.dylib  __DISPATCH_WAIT_FOR_QUEUE__ + 484
        1  libdispatch.dylib  _dispatch_sync_f_slow + 148
        2  Indexer            Index.flush() + 960
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
        if let trap = evidence.trapFrames.first {
            diagnosis.evidence.append("frame \(trap.index): \(trap.displayName), which runs only when the program stops")
        }
        diagnosis.evidence.append("no executor-check frame (swift_task_isCurrentExecutor…, _checkExpectedExecutor, assumeIsolated) above the program's code and no isolation message")
        if let topSymbol { diagnosis.evidence.append("first frame of the program's code: \(topSymbol.displayName)" + (topSymbol.location.map { " at \($0)" } ?? "")) }
        diagnosis.cause = evidence.trapCause?.id
        if evidence.fatalMessages.isEmpty, evidence.trapFrames.isEmpty {
            diagnosis.confidence = .medium
            diagnosis.decidedBy = "the runtime's message printed before the crash (`Fatal error: …`, an exception reason) or the crash report's exception type"
        } else if evidence.fatalMessages.isEmpty, evidence.frames.allSatisfy({ RuntimeLibraries.isTrapSymbol($0.symbol) }) {
            // Only the abort's own frames (`__pthread_kill`, `abort`): the stack is cut above whoever called it.
            diagnosis.confidence = .low
            diagnosis.decidedBy = "the frames below \(evidence.frames.last?.displayName ?? "the stop"): what called it (Swift's executor check, a precondition, an exception) decides the kind"
        }
        let what = evidence.trapCause.map { ": \($0.explanation)" } ?? ""
        diagnosis.summary = "The program stopped for another reason than actor isolation\(what)"
            + (evidence.fatalMessages.first.map { " (\($0))." } ?? (topSymbol.map { ", in \($0.displayName)." } ?? "."))
    }
}
