/// The system killed the program for not responding.
enum WatchdogHangKind: CrashKind {
    static let id = "watchdog-hang"
    static let verdict = TriageVerdict.hang
    static let identifiedBy = "Apple's watchdog code 0x8badf00d, \"watchdog transgression\", or a termination reason naming the watchdog (a log line merely mentioning a watchdog is not one)"
    static let samples = [
        """
        Exception Type:  EXC_CRASH (SIGKILL)
        Termination Reason: FRONTBOARD 2343432205 <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression>
        Thread 0 name:  Dispatch queue: com.apple.main-thread
        Thread 0:
        0   libsystem_kernel.dylib        \t0x00000001d6a5e1cc __psynch_mutexwait + 8
        1   App                           \t0x0000000100a04b10 Store.reload() + 88
        """,
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool { evidence.isHang }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        diagnosis.verdict = verdict
        diagnosis.cause = evidence.watchdogMessages.contains { $0.lowercased().contains("8badf00d") || $0.contains("watchdog") } ? "watchdog" : "app-hang"
        diagnosis.evidence += evidence.watchdogMessages.prefix(3)
        diagnosis.summary = "The system killed the program for not responding (watchdog): look at what the main thread was doing."
        diagnosis.topFrames = Array((evidence.report.threads.first?.frames ?? evidence.frames).prefix(6))
    }
}
