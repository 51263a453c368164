/// The runtime's executor check stopped the program: code isolated to an
/// actor ran on another executor. The route it took is one of
/// ``TriageClassifier/routes``.
enum IsolationTrapKind: CrashKind {
    static let id = "isolation-trap"
    static let verdict = TriageVerdict.isolationTrap
    static let identifiedBy = "a stop with Swift's executor check (swift_task_isCurrentExecutor…, _checkExpectedExecutor) or a failed assumeIsolated above the program's code, the runtime's \"Incorrect actor executor assumption\" message, or a sentence naming an executor or queue check in the program's code"
    static let samples = [
        """
        * thread #3, queue = 'com.apple.root.default-qos', stop reason = EXC_BREAKPOINT (code=1, subcode=0x101bd43f8)
            frame #0: 0x0000000101bd43f8 libdispatch.dylib`_dispatch_assert_queue_fail + 116
            frame #1: 0x0000000101bd4380 libswift_Concurrency.dylib`swift_task_isCurrentExecutorImpl(swift::SerialExecutorRef) + 40
          * frame #2: 0x0000000100839850 App.debug.dylib`closure #1 in ContentView.userPressedTheButton() at App.swift:40:21
        """,
        """
        Fatal error: Incorrect actor executor assumption; expected 'MainActor' executor.
        Illegal instruction (core dumped)
        """,
        "Crash on Thread 15: `dispatch_assert_queue_fail` in `Git.fetchBranches(at:)` at line 250.",
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool {
        // The executor check's frames are on a stack only while it runs, so
        // on top of a stack pasted without its stop line they are the trap's.
        if !evidence.isStop, evidence.report.crashMarkIsInferred, swiftCheckOnTop(evidence) { return true }
        return evidence.isStop && (swiftCheckOnTop(evidence)
            || evidence.assumeIsolatedOnTop || !evidence.isolationMessages.isEmpty
            // A sentence naming the check in the program's code (`dispatch_assert_queue_fail` in `Git.fetch(at:)`)
            // skips the runtime frames between them, so a queue check there stands for the executor check it is part of.
            || (evidence.namedInProse && !evidence.checkFrames.isEmpty)
            || (evidence.queueCheckCallerUnknown && expectsMainQueue(evidence)))
    }

    static func swiftCheckOnTop(_ evidence: CrashEvidence) -> Bool {
        evidence.checkFrames.contains { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) }
    }

    /// libdispatch's assertion with its caller not shown is Swift's check
    /// or a framework's; in Swift code the runtime's check of the main actor
    /// is the usual caller, so an expected main queue (or none named) makes
    /// it the likelier reading.
    static func expectsMainQueue(_ evidence: CrashEvidence) -> Bool {
        guard let queue = TriageClassifier.expectedExecutor(in: evidence.report.messages) else { return true }
        return queue.contains("main")
    }

    /// What settles an isolation trap read from libdispatch's assertion alone.
    static let queueCheckDecidedBy = "the frames between dispatch_assert_queue and your code: swift_task_isCurrentExecutor… or _checkExpectedExecutor there means Swift's isolation check; a framework's function means that framework's own queue assertion"

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        let report = evidence.report
        diagnosis.verdict = verdict
        diagnosis.cause = evidence.assumeIsolatedOnTop || report.messages.contains { $0.contains("Expected same executor as") }
            ? "assume-isolated" : "executor-check"
        diagnosis.evidence += TriageClassifier.signalEvidence(evidence.signals, stop: report.stopReason)
        if !evidence.checkFrames.isEmpty {
            diagnosis.evidence.append("executor-check frames: " + evidence.checkFrames.map(\.displayName).joined(separator: " ← "))
        }
        diagnosis.evidence += evidence.isolationMessages.prefix(3)
        let finding = TriageClassifier.isolationFinding(frames: evidence.frames, thread: evidence.thread, messages: report.messages)
        if evidence.frames.isEmpty {
            diagnosis.notes.append("the report has no frames, so the offender is unknown; on Linux run with SWIFT_BACKTRACE=enable=yes, on Apple platforms read the .ips or .crash report")
        }
        diagnosis.isolation = finding
        let checked = evidence.checkFrames.contains { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) } || evidence.assumeIsolatedOnTop
            || !evidence.isolationMessages.isEmpty
        if !checked, evidence.queueCheckCallerUnknown {
            diagnosis.confidence = .low
            diagnosis.decidedBy = queueCheckDecidedBy
            diagnosis.evidence.append("libdispatch's queue assertion, with what called it not in the text: Swift's executor check is the likelier caller in Swift code")
        } else if !checked || evidence.namedInProse || !evidence.isStop {
            diagnosis.confidence = .medium
            diagnosis.decidedBy = "the crashed thread's frames as the crash report prints them"
        }
        let offender = finding.offender.map { " in \($0.displayName)" + ($0.location.map { " (\($0))" } ?? "") } ?? ""
        let expected = finding.expectedExecutorIsInferred ? "" : finding.expectedExecutor.map { ", which expected the \($0) executor" } ?? ""
        let queue = finding.queue.map { ", on queue \($0)" } ?? ""
        diagnosis.summary = "The runtime's executor check stopped the program\(offender)\(expected)\(queue): isolated code ran on the wrong executor."
    }
}
