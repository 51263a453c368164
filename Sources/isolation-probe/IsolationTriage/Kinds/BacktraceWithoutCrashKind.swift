/// A backtrace taken while the program was alive (at a breakpoint, a
/// sample): no crash in it.
enum BacktraceWithoutCrashKind: CrashKind {
    static let id = "backtrace-without-crash"
    static let verdict = TriageVerdict.notACrash
    static let identifiedBy = "threads or frames, and no signal, exception, fatal message or crashed mark"
    static let samples = [
        """
        * thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1
          * frame #0: 0x0000000100001000 App`Model.load() at Model.swift:12:5
            frame #1: 0x0000000100001100 App`closure #1 in ContentView.body.getter at ContentView.swift:8:9
        """,
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool {
        !evidence.frames.isEmpty || !evidence.report.threads.isEmpty
    }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        diagnosis.verdict = verdict
        diagnosis.confidence = .medium
        diagnosis.decidedBy = "the lines above the stack: a signal, exception or fatal message says it crashed; without one it is a backtrace of a running program"
        diagnosis.summary = "A backtrace with no crash in it" + (evidence.report.stopReason.map { " (stopped by: \($0))." } ?? ": no signal, exception or fatal message.")
        // A stack that starts below frame 0 was cut at its top, where a stop would show.
        if let first = evidence.frames.first, first.index > 0, evidence.signalHandlerFrames.isEmpty {
            diagnosis.confidence = .low
            diagnosis.decidedBy = "the frames above #\(first.index) and the lines above them (a signal, exception or fatal message)"
            diagnosis.summary += " Its top is cut (it starts at frame #\(first.index)): what stopped the thread would be in the frames above."
        } else if evidence.frames.count == 1, evidence.report.threads.count <= 1 {
            // One frame tells where, not whether it stopped.
            diagnosis.confidence = .low
            diagnosis.decidedBy = "the whole stack and the lines above it (a signal, exception or fatal message)"
        }
        diagnosis.topFrames = evidence.topFrames
    }
}
