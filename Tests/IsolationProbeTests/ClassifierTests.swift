import Foundation
import Testing
@testable import IsolationCatalog
@testable import ProbeProcess

@Suite("Classifying what a child printed")
struct ClassifierTests {
    /// Written for this test in the format of the Swift runtime's backtracer.
    static let isolationBacktrace = """
        *** Program crashed: Illegal instruction at 0x00007f0000001000 ***

        Thread 1 "worker" crashed:

          0               0x00007f0000001000 _dispatch_assert_queue_fail + 82 in libdispatch.so
          1 [ra]          0x00007f0000001100 dispatch_assert_queue + 118 in libdispatch.so
          2 [ra]          0x00007f0000001200 swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
          3 [ra] [system] 0x0000550000002000 closure #1 in Widget.init() + 167 in program at /src/Widget.swift
          4 [ra] [thunk]  0x0000550000002100 thunk for @escaping @callee_guaranteed (@guaranteed String) -> () + 24 in program at //<compiler-generated>
          5 [ra]          0x0000550000002200 closure #1 in static Program.main() + 79 in program at /src/Widget.swift:50:30
          6 [ra]          0x00007f0000001300 _dispatch_call_block_and_release + 11 in libdispatch.so
        """

    static func result(
        _ termination: ProcessTermination, stderr: String = "", stdout: String = "",
        timedOut: Bool = false, flooded: Bool = false
    ) -> ChildProcess.Result {
        ChildProcess.Result(termination: termination, standardOutput: stdout, standardError: stderr,
                            timedOut: timedOut, flooded: flooded, duration: .seconds(1))
    }

    @Test("frames are parsed with symbol, image, location and thunk flag")
    func parsesFrames() {
        let frames = Classifier.parseFrames(Self.isolationBacktrace)
        #expect(frames.count == 7)
        #expect(frames[0].symbol == "_dispatch_assert_queue_fail")
        #expect(frames[0].image == "libdispatch.so")
        #expect(frames[3].symbol == "closure #1 in Widget.init()")
        #expect(frames[3].location == "Widget.swift")
        #expect(frames[4].isThunk)
        #expect(frames[5].location == "Widget.swift:50:30")
    }

    @Test("SIGILL under the executor check is an isolation trap naming the closure")
    func isolationTrap() {
        let verdict = Classifier.classifyRun(Self.result(.signaled(SIGILL), stderr: Self.isolationBacktrace))
        #expect(verdict.outcome == .isolationTrap)
        #expect(verdict.offender?.symbol == "closure #1 in Widget.init()")
        #expect(verdict.evidence.contains { $0.contains("swift_task_isCurrentExecutorWithFlags") })
    }

    @Test("SIGILL without isolation frames is another trap")
    func otherTrap() {
        let text = """
            Fatal error: Unexpectedly found nil while unwrapping an Optional value
            *** Program crashed: Illegal instruction at 0x1 ***
              0      0x0000000000000001 main + 10 in program at /src/main.swift:3:9
            """
        let verdict = Classifier.classifyRun(Self.result(.signaled(SIGILL), stderr: text))
        #expect(verdict.outcome == .otherTrap)
        #expect(verdict.offender == nil)
    }

    @Test("a ThreadSanitizer report wins over the exit status")
    func dataRace() {
        let text = "WARNING: ThreadSanitizer: data race (pid=1)\nSUMMARY: ThreadSanitizer: data race /src/x.swift:3:1 in f"
        #expect(Classifier.classifyRun(Self.result(.exited(66), stderr: text)).outcome == .dataRace)
    }

    @Test("a ThreadSanitizer report printed before the time limit is the verdict, not the timeout")
    func dataRaceThenHang() {
        let text = "WARNING: ThreadSanitizer: data race (pid=1)\nSUMMARY: ThreadSanitizer: data race /src/x.swift:3:1 in f"
        let verdict = Classifier.classifyRun(Self.result(.signaled(SIGKILL), stderr: text, timedOut: true))
        #expect(verdict.outcome == .dataRace)
        #expect(verdict.evidence.first?.contains("after ThreadSanitizer's report") == true)
    }

    @Test("timeouts, floods and clean exits")
    func otherOutcomes() {
        #expect(Classifier.classifyRun(Self.result(.signaled(SIGKILL), timedOut: true)).outcome == .timeout)
        #expect(Classifier.classifyRun(Self.result(.signaled(SIGKILL), flooded: true)).outcome == .flood)
        #expect(Classifier.classifyRun(Self.result(.exited(0))).outcome == .clean)
        #expect(Classifier.classifyRun(Self.result(.exited(3))).outcome == .otherTrap)
    }

    @Test("the legacy-mode report yields the offending source line")
    func legacyLocation() {
        let line = "warning: data race detected: @MainActor function at Case_x/File.swift:35 was not called on the main thread"
        #expect(ProbeEngine.location(inLegacyReport: line) == "Case_x/File.swift:35")
        #expect(Classifier.legacyReports(in: "noise\n\(line)\n\(line)") == [line])
    }

    @Test("compiler diagnostics are reduced to their first lines with short paths")
    func diagnostics() {
        let text = """
            /a/b/Cases/04-x/Box.swift:49:9: error: 'inout sending' parameter 'stored' cannot be main actor-isolated at end of function
            47 |
               |         `- error: 'inout sending' parameter 'stored' cannot be main actor-isolated at end of function
            /a/b/Cases/04-x/Box.swift:12:1: warning: something
            """
        let compile = CompileResult(executable: nil, diagnostics: text, commands: [], cached: false)
        #expect(compile.errors == ["Box.swift:49:9: error: 'inout sending' parameter 'stored' cannot be main actor-isolated at end of function"])
        #expect(compile.warnings == ["Box.swift:12:1: warning: something"])
    }
}
