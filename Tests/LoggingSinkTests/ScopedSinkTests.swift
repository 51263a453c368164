@testable import LoggingSink
import Testing

/// One sink shared by every test in this suite, as a library's static would be.
private let sharedSink = LogSink(label: "Shared") { _ in }

/// Two libraries' sinks, declared as adopters declare them: `static let`,
/// no handler passed to the initializer. Used only by the tests below.
private enum TwoLibraries {
    static let first = LogSink(label: "First")
    static let second = LogSink(label: "Second")
    static let neverOverridden = LogSink(label: "Third")
}

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
        let holder = SinkHolder(LogSink(global.handler))
        await holder.sink.withSink(capture.handler) {
            async let child: Void = holder.sink("from child")
            await child
            await withTaskGroup(of: Void.self) { group in
                group.addTask { holder.sink("from group") }
            }
            await Task.detached { holder.sink("from detached") }.value
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

    @Test("overrides work on static let sinks and keep two sinks apart")
    func staticSinksAreOverriddenIndependently() async {
        let installedFirst = LogCapture(), installedSecond = LogCapture(), installedThird = LogCapture()
        TwoLibraries.first.install(installedFirst.handler)
        TwoLibraries.second.install(installedSecond.handler)
        TwoLibraries.neverOverridden.install(installedThird.handler)
        let scopedFirst = LogCapture(), scopedSecond = LogCapture()

        await TwoLibraries.first.withSink(scopedFirst) {
            TwoLibraries.first.info("1a")
            TwoLibraries.second.info("2a")  // not overridden yet
            await TwoLibraries.second.withSink(scopedSecond) {
                TwoLibraries.first.info("1b")
                TwoLibraries.second.info("2b")
                TwoLibraries.neverOverridden.info("3b")
            }
            TwoLibraries.second.info("2c")
        }
        TwoLibraries.first.info("1d")

        #expect(scopedFirst.messages == ["1a", "1b"])
        #expect(scopedSecond.messages == ["2b"])
        #expect(installedFirst.messages == ["1d"])
        #expect(installedSecond.messages == ["2a", "2c"])
        #expect(installedThird.messages == ["3b"])

        // Identities are assigned by the first override, distinct, and
        // never to a sink that was only logged through.
        let first = TwoLibraries.first.identity.load(ordering: .relaxed)
        let second = TwoLibraries.second.identity.load(ordering: .relaxed)
        let third = TwoLibraries.neverOverridden.identity.load(ordering: .relaxed)
        #expect(first != 0 && second != 0 && first != second)
        #expect(third == 0)
    }

    @Test("a sink keeps its identity across overrides, and a new sink never reuses one")
    func identitiesAreStableAndUnique() {
        var seen: Set<UInt> = []
        for _ in 0..<3 {
            // Each iteration's sink may occupy the same stack slot as the
            // last one: an address-based key would mix their overrides.
            let capture = LogCapture()
            let sink = LogSink { _ in }
            sink.withSink(capture.handler) { sink("inside") }
            let assigned = sink.identity.load(ordering: .relaxed)
            sink.withSink(capture.handler) { sink("again") }
            #expect(sink.identity.load(ordering: .relaxed) == assigned)
            #expect(capture.messages == ["inside", "again"])
            #expect(seen.insert(assigned).inserted, "identity \(assigned) reused")
        }
    }
}
