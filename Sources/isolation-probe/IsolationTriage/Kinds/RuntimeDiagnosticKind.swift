/// A report a checker wrote about a program that kept running: Xcode's
/// Main Thread Checker (a UI API off the main thread), its Thread
/// Performance Checker (a priority inversion), SwiftUI's runtime issues
/// (state published off the main thread), a sanitizer's report, or the
/// runtime's warning that a checked continuation was dropped without
/// being resumed; or a build tool's error (a compiler's, the linker's):
/// the program was never built, so nothing ran.
enum RuntimeDiagnosticKind: CrashKind {
    static let id = "runtime-diagnostic"
    static let verdict = TriageVerdict.notACrash
    static let identifiedBy = "a Main Thread Checker or Thread Performance Checker report, a SwiftUI runtime issue, a sanitizer's report, a leaked-continuation warning or a compiler's or linker's error, and nothing saying the program stopped"
    static let samples = [
        "Main Thread Checker: UI API called on a background thread: -[UIView setNeedsLayout]",
        "Thread Performance Checker: Thread running at QOS_CLASS_USER_INTERACTIVE waiting on a lower QoS thread running at QOS_CLASS_DEFAULT. Investigate ways to avoid priority inversions",
        "SWIFT TASK CONTINUATION MISUSE: fetch() leaked its continuation without resuming it. This may cause tasks waiting on it to remain suspended forever.",
    ]

    static func matches(_ evidence: CrashEvidence) -> Bool {
        !evidence.diagnosticWarnings.isEmpty && (!evidence.isExplicitStop || onlyCaughtException(evidence))
    }

    /// The only stop is an exception's throw, with no signal and no
    /// "uncaught exception" line: a checker that logs raised it to take the
    /// stack it prints under its warning (Auto Layout's, with its own frame
    /// redacted), and caught it.
    static func onlyCaughtException(_ evidence: CrashEvidence) -> Bool {
        evidence.signals.isEmpty && evidence.fatalMessages.isEmpty && evidence.isolationMessages.isEmpty
            && evidence.queueAssertionMessages.isEmpty && !evidence.trapFrames.isEmpty
            && evidence.trapFrames.allSatisfy { Producers.function($0.symbol, role: .trap)?.cause == "uncaught-exception" }
    }

    static func describe(_ evidence: CrashEvidence, in diagnosis: inout Diagnosis) {
        let warning = evidence.diagnosticWarnings[0]
        let cause = Producers.entries(in: warning).first { $0.meaning == .diagnostic }?.cause
        diagnosis.verdict = verdict
        diagnosis.evidence += evidence.diagnosticWarnings.prefix(3)
        diagnosis.topFrames = evidence.topFrames
        diagnosis.cause = cause
        diagnosis.summary = "No crash: " + (summaries[cause ?? ""] ?? "a checker reported a problem and the program went on") + "."
    }

    /// What each checker's report means, by the cause its catalog entry names.
    static let summaries = [
        "publishing-off-main-thread": "SwiftUI reported main-actor state changed off the main thread (an ObservableObject publishing, a Binding written, a main-actor callback run from another thread); it went on. Make the model `@MainActor`, or change the state on the main actor (`await MainActor.run`, `receive(on: DispatchQueue.main)`)",
        "state-changed-during-update": "SwiftUI reported state changed while it was computing a view; it went on, with undefined results. Change the state after the update (in an action, `task` or `onChange`), not in `body`",
        "swiftui-runtime-issue": "SwiftUI reported a runtime issue and went on",
        "update-loop": "SwiftUI reported an action (an `onChange`, a Binding's, a geometry reader's) that ran more than once in one frame, because the state it writes triggers it again; it dropped the extra runs and went on. Break the loop: write the state only when it differs, or outside the action",
        "main-thread-checker": "Xcode's Main Thread Checker reported a UI API called off the main thread; the program went on. Move the call to the main actor",
        "layout-off-main-thread": "the Auto Layout engine warned that views or constraints were changed from a background thread (it can corrupt the engine; later systems raise an exception instead); the program went on. Change views and constraints on the main actor",
        "main-thread-blocking-call": "a framework warned that a call which can block ran on the main thread (it can make the UI unresponsive); the program went on. Make the call off the main thread, or wait for the callback the warning names",
        "priority-inversion": "Xcode's Thread Performance Checker reported a priority inversion (a thread waiting on a lower-QoS one); the program went on",
        "leaked-continuation": "the runtime warned that a checked continuation was dropped without being resumed; the task awaiting it stays suspended for ever",
        "data-race": "ThreadSanitizer reported a data race (two threads touched the same memory, one writing, with nothing ordering them); the program went on. The frames of both accesses say where",
        "undefined-behavior": "UndefinedBehaviorSanitizer reported undefined behaviour and let the program go on",
        "memory-leak": "LeakSanitizer reported memory that was never freed",
        "thread-leak": "ThreadSanitizer reported a thread that was neither joined nor detached",
        "rx-synchronization": "RxSwift reported two threads sending events into one observable sequence at once; it went on, with the events' order left to the scheduler. Send them from one serial scheduler (`observe(on:)`), or guard the subject",
        "rx-reentrancy": "RxSwift reported an observable sequence sent an event while its previous event was still being delivered (a cycle in the subscriptions); it went on",
        "attribute-graph-cycle": "SwiftUI's AttributeGraph found a dependency cycle among a view's attributes, broke it and went on; a view's state written while that view updates (in `body`, a geometry or preference reader) usually makes one",
        "compiler-diagnostic": "the Swift compiler reported a concurrency diagnostic about the source (an error in the Swift 6 language mode, a warning in Swift 5 mode): it is found while building, and nothing ran or crashed",
        "build-failure": "the build failed (a compiler's or the linker's error): no program was built, so nothing ran or crashed. A symbol the linker cannot find is in no library the target links, or in one built for another architecture",
        "lock-misuse": "ThreadSanitizer reported a lock used wrongly (a lock-order inversion, a double lock, an unlock by a thread that does not hold it)",
    ]
}
