/// A stack with no stop in it whose thread sits in a blocking wait, or a
/// text that says the program hangs: a blocked program, not a crash.
enum BlockedThreadKind: CrashKind {
    static let id = "blocked-thread"
    static let verdict = TriageVerdict.hang
    static let identifiedBy = "no stop, and a wait (a futex, condition, semaphore or lock wait, @synchronized) on top of the thread, or prose saying the program hangs, freezes or deadlocks beside its frames"
    static let samples = [
        """
        0  libsystem_kernel.dylib  __psynch_cvwait + 8
        1  libsystem_pthread.dylib  _pthread_cond_wait + 1228
        2  Foundation  -[NSCondition wait] + 236
        3  App  Store.reloadSynchronously() + 96
        """,
        """
        The app freezes on launch; the main thread is here:
        Store.reload() + 88
        closure #1 in AppDelegate.application(_:didFinishLaunchingWithOptions:) + 40
        """,
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool {
        !evidence.isStop && !evidence.frames.isEmpty && (evidence.waitOnTop != nil || evidence.report.saysItHangs)
    }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        diagnosis.verdict = verdict
        diagnosis.topFrames = evidence.topFrames
        if let wait = evidence.waitOnTop {
            diagnosis.cause = "blocked-wait"
            diagnosis.confidence = .medium
            diagnosis.evidence.append("frame \(wait.index): \(wait.displayName), a wait: the thread is blocked there")
            if evidence.markedCrashed {
                diagnosis.evidence.append("the report marks this thread crashed with no signal or message: a blocked thread cannot stop itself, so the process was ended from outside while it waited (a watchdog, or the user)")
            }
            diagnosis.summary = "A blocked thread, not a crash: it waits in \(wait.displayName)"
                + (evidence.frames.first { TriageClassifier.isOwnCode($0) && $0.symbol != nil }.map { ", called from \($0.displayName)" } ?? "")
                + ". Find who holds what it waits for (another thread's stack), or why it waits on the main thread."
            diagnosis.decidedBy = "the other threads' stacks: the one holding the lock or queue this thread waits for"
        } else {
            diagnosis.cause = "stated-hang"
            diagnosis.confidence = .low
            diagnosis.evidence.append("the text says the program hangs, freezes or deadlocks; no signal, exception or fatal message")
            diagnosis.summary = "The text says the program hangs, and its frames show no stop: a hang, not a crash. Look at what the top frames wait for."
            diagnosis.decidedBy = "the main thread's stack sampled while it hangs (`sample`, a spindump, or the hang report's stack), with its top frames"
        }
    }
}
