@testable import IsolationTriage
import Testing

/// The five shapes issue 22 lists as "shapes that fail today", each
/// triaged as written in the issue: an isolation trap (the last one the
/// check's logging mode), with the offender the shape names.
@Suite("Issue 22's example shapes")
struct IssueShapeTests {
    let triage = CrashTriage(demangler: NoDemangler(reason: "tests"))

    @Test("each of the issue's shapes is an isolation trap naming its offender", arguments: [
        ("""
         0  _dispatch_assert_queue_fail
         4  _swift_task_checkIsolatedSwift
         5  swift_task_isCurrentExecutorWithFlagsImpl
         6  closure #1 in static Uploader.register()
         """, "closure #1 in static Uploader.register()"),
        ("""
         Exception: EXC_BREAKPOINT / SIGTRAP
         _dispatch_assert_queue_fail
         swift_task_isCurrentExecutorWithFlagsImpl
         closure #1 in Sync.installWatchdog(generation:)
         """, "closure #1 in Sync.installWatchdog(generation:)"),
        ("thread 4: closure #1 in Probe.check(host:) → swift_task_isCurrentExecutorWithFlagsImpl → dispatch_assert_queue_fail",
         "closure #1 in Probe.check(host:)"),
        ("Crash on Thread 15: `dispatch_assert_queue_fail` in `Git.fetchBranches(at:)` at line 250.",
         "Git.fetchBranches(at:)"),
        ("warning: data race detected: @MainActor function at App/Globals.swift:70 was not called on the main thread",
         "Globals.swift:70"),
    ])
    func shape(text: String, offender: String) async {
        let diagnosis = await triage.triage(text: text, source: "issue-22.txt")
        #expect(diagnosis.verdict == .isolationTrap, "\(text): \(diagnosis.verdict.rawValue) \(diagnosis.summary)")
        // Named as the real-report floor counts it: by its symbol or its file and line.
        let named = [diagnosis.offender?.symbol, diagnosis.offender?.location].compactMap { $0 }
        #expect(named.contains(offender), "\(text): \(named)")
    }

    @Test("the prose shape: the check named in the sentence is the evidence, the code beside it the offender at the line given, and the input says it came from prose")
    func proseShape() async throws {
        let diagnosis = await triage.triage(text: "Crash on Thread 15: `dispatch_assert_queue_fail` in `Git.fetchBranches(at:)` at line 250.",
                                            source: "issue-22.txt")
        #expect(diagnosis.verdict == .isolationTrap && diagnosis.cause == "executor-check")
        let offender = try #require(diagnosis.offender)
        #expect(offender.symbol == "Git.fetchBranches(at:)" && offender.line == 250)
        #expect(diagnosis.offenderBasis?.contains("named in the text's prose") == true)
        #expect(diagnosis.input?.contains("named in the prose") == true, "\(diagnosis.input ?? "no input line")")
        #expect(TriageTextRenderer().render(diagnosis).contains("Git.fetchBranches(at:) at line 250"))
    }

    @Test("a sentence naming a check with no code of the program beside it, or code with no check, gives no frames")
    func proseWithoutBoth() {
        #expect(TolerantReader.proseStack(in: "It stops in `dispatch_assert_queue_fail` every time.") == nil)
        #expect(TolerantReader.proseStack(in: "It stops in `Git.fetchBranches(at:)` at line 250.") == nil)
        #expect(TolerantReader.proseStack(in: "`dispatch_assert_queue_fail` is called by `Swift.Array.append(_:)`.") == nil)
        #expect(TolerantReader.proseStack(in: "We call `MainActor.assertIsolated()` in `Feed.reload()`.") == nil)
    }

    @Test("the code named before the check is taken when none follows it; a file and line after the code are read")
    func proseOrder() {
        let before = TolerantReader.proseStack(in: "In `Feed.reload()` we hit `swift_task_isCurrentExecutorImpl`.")
        #expect(before?.map(\.displayName) == ["swift_task_isCurrentExecutorImpl", "Feed.reload()"])
        let located = TolerantReader.proseStack(in: "dispatch_assert_queue_fail from Feed.reload() (Feed.swift:88); then it exits.")
        #expect(located?.last?.location == "Feed.swift:88")
    }
}
