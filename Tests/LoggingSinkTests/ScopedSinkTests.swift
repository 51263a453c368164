import LoggingSink
import Testing

/// One sink shared by every test in this suite, as a library's static would be.
private let sharedSink = LogSink(label: "Shared") { _ in }

@Suite("Task-local scoped sinks")
struct ScopedSinkTests {
    @Test("parallel tasks each capture only their own messages", arguments: 0..<8)
    func parallelCaptures(_ worker: Int) async {
        let capture = LogCapture()
        await sharedSink.withSink(capture) {
            for n in 0..<200 {
                sharedSink("worker \(worker) message \(n)")
                if n.isMultiple(of: 50) { await Task.yield() }
            }
        }
        #expect(capture.messages == (0..<200).map { "worker \(worker) message \($0)" })
    }

    @Test("child tasks inherit the override; detached tasks do not")
    func childTasksInherit() async {
        let capture = LogCapture(), global = LogCapture()
        let sink = LogSink(global.handler)
        await sink.withSink(capture.handler) {
            async let child: Void = sink("from child")
            await child
            await withTaskGroup(of: Void.self) { group in
                group.addTask { sink("from group") }
            }
            await Task.detached { sink("from detached") }.value
        }
        #expect(Set(capture.messages) == ["from child", "from group"])
        #expect(global.messages == ["from detached"])
    }

    @Test("overrides nest and only affect their own sink")
    func overridesNest() {
        let outer = LogCapture(), inner = LogCapture(), other = LogCapture()
        let sink = LogSink { _ in }
        let unrelated = LogSink(other.handler)
        sink.withSink(outer.handler) {
            sink("a")
            sink.withSink(inner.handler) {
                sink("b")
                unrelated("c")
            }
            sink("d")
        }
        #expect(outer.messages == ["a", "d"])
        #expect(inner.messages == ["b"])
        #expect(other.messages == ["c"])
    }

    @Test("after the scope, messages go to the installed handler again")
    func scopeEnds() {
        let capture = LogCapture(), installed = LogCapture()
        let sink = LogSink(installed.handler)
        sink.withSink(capture.handler) { sink("inside") }
        sink("outside")
        #expect(capture.messages == ["inside"])
        #expect(installed.messages == ["outside"])
    }
}
