/// The program stopped responding: the system killed it for that (the
/// watchdog), a crash service reported it hanging, or it says it waits for
/// a lock another process holds.
enum WatchdogHangKind: CrashKind {
    static let id = "watchdog-hang"
    static let verdict = TriageVerdict.hang
    static let identifiedBy = "Apple's watchdog code 0x8badf00d, \"watchdog transgression\", or a termination reason naming the watchdog (a log line merely mentioning a watchdog is not one); a crash service's app-hang report; XCTest's stalled-waiter abort; SwiftPM's lock wait"
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
        let causes = evidence.watchdogMessages.flatMap { Producers.entries(in: $0).filter { $0.meaning == .hang }.compactMap(\.cause) }
        let frameCause = evidence.watchdogFrame.flatMap { Producers.function($0.symbol, role: .watchdog)?.cause }
        let cause = causes.first { $0 == "watchdog" } ?? causes.first ?? frameCause ?? "app-hang"
        diagnosis.cause = cause
        diagnosis.evidence += evidence.watchdogMessages.prefix(3)
        if let frame = evidence.watchdogFrame {
            diagnosis.evidence.append("frame \(frame.index): \(frame.displayName), a watchdog ending what stopped responding")
        }
        diagnosis.summary = summaries[cause] ?? summaries["app-hang"]!
        diagnosis.topFrames = Array((evidence.report.threads.first?.frames ?? evidence.frames).prefix(6))
    }

    /// What each hang message says, by its catalog entry's cause.
    static let summaries = [
        "watchdog": "The system killed the program for not responding (watchdog): look at what the main thread was doing.",
        "app-hang": "A crash service saw the app stop responding (its main thread blocked past the service's limit): look at what the main thread was doing.",
        "stalled-waiter": "XCTest aborted the test because a wait stalled: the thread that had to fulfil it was blocked (a deadlock, or the main thread held in a synchronous wait). The other threads' stacks show what it waited for.",
        "lock-wait": "The program waits for a lock another process holds (SwiftPM's build-directory lock): find the other process (often one that started this one) and why it keeps the lock.",
    ]
}
