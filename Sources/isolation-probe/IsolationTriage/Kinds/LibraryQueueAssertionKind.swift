/// A library asserting its own queue (`dispatch_assert_queue` called by a
/// framework, not by Swift's executor check): a main-queue-only API called
/// off the main queue.
enum LibraryQueueAssertionKind: CrashKind {
    static let id = "library-queue-assertion"
    static let verdict = TriageVerdict.otherTrap
    static let identifiedBy = "a stop with dispatch_assert_queue above the program's code, called by a library rather than by Swift's executor check"
    static let samples = [
        """
        Exception Type:  EXC_BREAKPOINT (SIGTRAP)
        Thread 3 Crashed:
        0   libdispatch.dylib             \t0x00000001856004fc _dispatch_assert_queue_fail + 120
        1   libdispatch.dylib             \t0x0000000185600480 dispatch_assert_queue + 196
        2   IMCore                        \t0x00000001a1b2c3d4 _IMStringFromIMChatJoinState + 4400
        3   MyApp                         \t0x000000010491a4d4 closure #1 in Launcher.start() + 180 (Launcher.swift:42)
        """,
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool {
        evidence.isStop && (evidence.dispatchAssertCaller != nil
            || (evidence.queueCheckCallerUnknown && !IsolationTrapKind.expectsMainQueue(evidence)))
    }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        let report = evidence.report
        guard let dispatchCaller = evidence.dispatchAssertCaller else {
            // A queue other than the main one, its asserter not shown: a framework's own queue, likelier.
            diagnosis.verdict = verdict
            diagnosis.cause = TrapCause.frameworkQueueAssertion.id
            diagnosis.topFrames = evidence.topFrames
            diagnosis.confidence = .low
            diagnosis.decidedBy = IsolationTrapKind.queueCheckDecidedBy
            diagnosis.evidence += evidence.queueAssertionMessages.prefix(1)
            diagnosis.summary = "libdispatch's queue assertion failed for "
                + (TriageClassifier.expectedExecutor(in: report.messages) ?? "a queue")
                + ", and the text does not show who asserted it: a queue other than the main one is most often a framework's own. Look at the program's frames below it."
            return
        }
        diagnosis.topFrames = evidence.topFrames
        diagnosis.evidence += TriageClassifier.signalEvidence(evidence.signals, stop: report.stopReason)
        diagnosis.verdict = verdict
        diagnosis.cause = TrapCause.frameworkQueueAssertion.id
        diagnosis.evidence += report.messages.filter { $0.contains("BUG IN CLIENT OF LIBDISPATCH") }.prefix(1)
        diagnosis.evidence.append("dispatch_assert_queue was called by \(dispatchCaller.displayName)"
            + (dispatchCaller.image.map { " in \($0)" } ?? "") + ", not by the Swift runtime's executor check")
        diagnosis.summary = "A library's own queue assertion failed (\(dispatchCaller.displayName)): an API that must run on a particular queue"
            + (TriageClassifier.expectedExecutor(in: report.messages).map { " (\($0))" } ?? "")
            + " was called from another one. Not Swift's isolation check; look at the program's frames below it."
    }
}
