import Foundation
@testable import IsolationTriage
import Testing

/// Verdicts whose inputs no fixture has. The reports here are short
/// synthetic snippets in the real formats' syntax, written for one rule each.
@Suite("Verdict rules")
struct ClassifierTests {
    let triage = CrashTriage(demangler: NoDemangler(reason: "not needed"))

    @Test("EXC_BAD_ACCESS inside the executor check is memory corruption, not an isolation trap")
    func badAccessInCheck() async {
        let report = """
        * thread #5, queue = 'com.example.worker', stop reason = EXC_BAD_ACCESS (code=1, address=0x10)
          * frame #0: 0x00000001a0000010 libswift_Concurrency.dylib`swift_task_isCurrentExecutorImpl(swift::SerialExecutorRef) + 40
            frame #1: 0x0000000100001000 App`closure #1 in Model.load() at Model.swift:12:5
        """
        let diagnosis = await triage.triage(text: report, source: "synthetic")
        #expect(diagnosis.verdict == .memoryCorruption)
        #expect(diagnosis.summary.contains("not an isolation assertion"))
        #expect(diagnosis.isolation == nil)
    }

    @Test("a watchdog termination is a hang")
    func watchdog() async {
        let report = """
        Exception Type:  EXC_CRASH (SIGKILL)
        Termination Reason: FRONTBOARD 2343432205 <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression>
        Thread 0 name:  Dispatch queue: com.apple.main-thread
        Thread 0:
        0   libsystem_kernel.dylib        \t0x00000001d6a5e1cc __psynch_mutexwait + 8
        1   App                           \t0x0000000100a04b10 Store.reload() + 88
        """
        let diagnosis = await triage.triage(text: report, source: "synthetic")
        #expect(diagnosis.verdict == .hang)
        #expect(diagnosis.topFrames.contains { $0.symbol == "Store.reload()" })
    }

    @Test("a backtrace taken at a breakpoint is not a crash")
    func breakpoint() async {
        let report = """
        * thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1
          * frame #0: 0x0000000100001000 App`Model.load() at Model.swift:12:5
            frame #1: 0x0000000100001100 App`closure #1 in ContentView.body.getter at ContentView.swift:8:9
        """
        #expect(await triage.triage(text: report, source: "synthetic").verdict == .notACrash)
    }

    @Test("dispatch_assert_queue alone, called by a framework, is another trap")
    func frameworkQueueAssertion() async throws {
        let diagnosis = await triage.triage(text: try TriageFixture.load("apple-crash-barcelona-framework-assert.crash").report, source: "b")
        #expect(diagnosis.verdict == .otherTrap)
        #expect(diagnosis.evidence.contains { $0.contains("called by _IMStringFromIMChatJoinState in IMCore") })
    }

    @Test("a truncated .ips body is read leniently and still names the offender")
    func truncatedIPS() async throws {
        let report = try TriageFixture.load("apple-ips-macsai-appkit-callback.ips").report
        let cut = String(report.prefix(upTo: report.range(of: "\"usedImages\"")!.lowerBound).dropLast(120))
        let diagnosis = await triage.triage(text: cut, source: "cut.ips")
        #expect(diagnosis.verdict == .isolationTrap)
        #expect(diagnosis.isolation?.offender?.symbol == "closure #1 in MenuBarLauncher.launchHelperIfNotRunning()")
        #expect(diagnosis.notes.contains { $0.contains("picked out of the text leniently") })
    }

    @Test("lldb's argument values become labels; in a closure, the closure's own values are dropped")
    func lldbArguments() async {
        let frame = { (symbol: String) in
            LLDBBacktraceParser.parse(["frame #0: 0x1 App`\(symbol) at A.swift:3"])?.threads.first?.frames.first?.symbol
        }
        #expect(frame("Store.apply(change=0x0000600000c0c000, animated=true)") == "Store.apply(change:animated:)")
        #expect(frame("closure #1 in FalsePositivesApp.init($0=\"hello, (world)\")") == "closure #1 in FalsePositivesApp.init()")
        #expect(frame("swift_task_isCurrentExecutorImpl(swift::SerialExecutorRef)") == "swift_task_isCurrentExecutorImpl(swift::SerialExecutorRef)")
    }

    @Test("the expected executor comes from the runtime's or libdispatch's words")
    func expectedExecutor() async {
        #expect(TriageClassifier.expectedExecutor(in: ["Fatal error: Incorrect actor executor assumption; expected 'MainActor' executor."]) == "MainActor")
        #expect(TriageClassifier.expectedExecutor(in: ["Incorrect actor executor assumption; Expected same executor as MyActor, but was executing on '<unknown>'."]) == "MyActor")
        #expect(TriageClassifier.expectedExecutor(in: ["BUG IN CLIENT OF LIBDISPATCH: Assertion failed: Block was expected to execute on queue [com.example.db (0x6000)]"]) == "queue com.example.db")
        #expect(TriageClassifier.expectedExecutor(in: ["Fatal error: Index out of range"]) == nil)
    }
}

@Suite("Words that only look like a verdict")
struct LookalikeTests {
    @Test("a log line about a service watchdog is not a hang")
    func serviceWatchdog() async {
        let log = """
        2026-11-23T03:00:00Z systemd[1]: myservice.service: watchdog timeout reset
        2026-11-23T03:00:01Z myservice: Fatal error: Unexpectedly found nil while unwrapping an Optional value
        """
        let diagnosis = await CrashTriage(demangler: NoDemangler(reason: "-")).triage(text: log, source: "synthetic")
        #expect(diagnosis.verdict == .otherTrap)
    }
}
