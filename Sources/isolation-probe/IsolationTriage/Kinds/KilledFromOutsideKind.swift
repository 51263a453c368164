/// The system or a user ended the program from outside: a memory limit
/// (a jetsam, Linux's out-of-memory killer), a lifecycle rule Apple's
/// RunningBoard enforces (0xdead10cc), a SIGKILL or SIGTERM from a shell.
/// No code of the program trapped, so this is no isolation problem; what
/// decides the fix is who ended it, which the kill's own line says.
enum KilledFromOutsideKind: CrashKind {
    static let id = "killed-from-outside"
    static let verdict = TriageVerdict.otherTrap
    static let identifiedBy = "a kill's own line (a jetsam or EXC_RESOURCE, the out-of-memory killer, a termination code such as 0xdead10cc, a shell's `Killed`), no trap, and no blocked thread that a watchdog would have ended"
    static let samples = [
        "Out of memory: Killed process 4242 (shop) total-vm:2097152kB, anon-rss:1048576kB",
        "Message from debugger: Terminated due to memory issue",
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool {
        evidence.killed && !evidence.isExplicitStop && evidence.waitOnTop == nil && !evidence.report.saysItHangs
    }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        diagnosis.verdict = verdict
        diagnosis.topFrames = evidence.topFrames
        diagnosis.evidence += TriageClassifier.signalEvidence(evidence.signals, stop: evidence.report.stopReason)
        diagnosis.evidence += evidence.killedMessages.prefix(3)
        let causes = evidence.killedMessages.flatMap { Producers.entries(in: $0).filter { $0.meaning == .killed }.compactMap(\.cause) }
        let cause = causes.contains { $0 == "jetsam" || $0 == "out-of-memory" } ? "out-of-memory" : causes.first ?? "killed"
        diagnosis.cause = cause
        diagnosis.confidence = cause == "killed" ? .low : .medium
        diagnosis.decidedBy = cause == "killed"
            ? "the system log (dmesg, the unified log) or whoever sent the signal: the out-of-memory killer, a watchdog, a supervisor or a user"
            : "the system's own report of the kill (the jetsam report, dmesg), and the program's memory or lifecycle at that moment"
        diagnosis.summary = summaries[cause] ?? summaries["killed"]!
    }

    /// What each kind of kill says, by its catalog entry's cause.
    static let summaries = [
        "out-of-memory": "The system ended the program for its memory use (a jetsam on Apple systems, the out-of-memory killer on Linux): no code of it trapped, and it is no isolation problem. Find what grew (a leak, a cache, a large decode) with a memory graph or the allocations instrument.",
        "watchdog": "The system ended the program for breaking a lifecycle rule its termination code names (0xdead10cc: a file lock or SQLite database held while suspended; 0xbad22222: a VoIP app resumed too often): no code of it trapped.",
        "thermal": "The system ended the program because the device was too hot (0xc00010ff): no code of it trapped.",
        "killed": "The program was ended from outside by a signal (SIGKILL, SIGTERM …): no code of it trapped. The text does not say who sent it: the out-of-memory killer, a watchdog, a supervisor or a user.",
    ]
}
