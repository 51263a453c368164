internal import CLoggingSinkSupport
import Foundation
@testable import LoggingSink
import SafeBox
import Synchronization
import Testing

@Suite("Concurrent logging and replacement")
struct StormTests {
    /// Counts deliveries per message id and per handler generation.
    final class Tally: Sendable {
        let perMessage: SafeBox<[UInt8]>
        let perHandler = SafeBox<[Int: Int]>([:])

        init(messages: Int) {
            perMessage = SafeBox([UInt8](repeating: 0, count: messages))
        }

        func handler(generation: Int) -> @Sendable (String) -> Void {
            { [self] message in
                let id = Int(message)!
                perMessage.withLock { $0[id] &+= 1 }
                perHandler.withLock { $0[generation, default: 0] += 1 }
            }
        }
    }

    @Test("4 threads log while a 5th replaces the sink: every message exactly once")
    func stormDeliversEachMessageOnce() {
        let loggers = 4, perThread = 25_000, total = loggers * perThread
        let tally = Tally(messages: total)
        let sink = LogSink(tally.handler(generation: 0))
        let finishedLoggers = Atomic<Int>(0)
        let replacements = Atomic<Int>(0)

        onThreads(loggers + 1) { index in
            if index == loggers {
                var generation = 1
                while finishedLoggers.load(ordering: .acquiring) < loggers {
                    sink.install(tally.handler(generation: generation))
                    generation += 1
                }
                replacements.store(generation - 1, ordering: .relaxed)
                return
            }
            for n in 0..<perThread {
                sink("\(index * perThread + n)")
            }
            finishedLoggers.add(1, ordering: .releasing)
        }

        let counts = tally.perMessage.withLock { $0 }
        let lost = counts.indices.filter { counts[$0] == 0 }
        let duplicated = counts.indices.filter { counts[$0] > 1 }
        #expect(lost.isEmpty, "\(lost.count) messages lost, first \(lost.prefix(5))")
        #expect(duplicated.isEmpty, "\(duplicated.count) messages duplicated, first \(duplicated.prefix(5))")
        let generationsUsed = tally.perHandler.withLock { $0.count }
        #expect(replacements.load(ordering: .relaxed) > 0)
        #expect(generationsUsed > 1, "the storm should straddle replacements")
        #expect(tally.perHandler.withLock { $0.values.reduce(0, +) } == total)

        // Memory bound: a batch plus what hazard slots name.
        sink.install { _ in }
        #expect(Publication.retiredCount <= Publication.reclaimBatch + Int(LSK_SLOTS) * Publication.threadRecordCount)
    }

    @Test("a handler still running is never freed, and the retired list stays bounded meanwhile")
    func stalledReaderKeepsItsHandler() {
        final class Token: Sendable {
            let released: @Sendable () -> Void
            init(_ released: @escaping @Sendable () -> Void) { self.released = released }
            deinit { released() }
        }
        let stalledReleased = Atomic<Bool>(false)
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let sink = LogSink()
        do {
            let token = Token { stalledReleased.store(true, ordering: .relaxed) }
            sink.install { _ in
                _ = token
                entered.signal()
                proceed.wait()
            }
        }
        let reader = Thread { sink("stall") }
        reader.start()
        entered.wait()
        // The reader is inside the handler; replace it many times over.
        for _ in 0..<(4 * Publication.reclaimBatch) {
            sink.install { _ in }
        }
        let freedEarly = stalledReleased.load(ordering: .relaxed)
        #expect(!freedEarly, "freed while a thread was calling it")
        #expect(Publication.retiredCount <= Publication.reclaimBatch + Int(LSK_SLOTS) * Publication.threadRecordCount)
        proceed.signal()
        // Once the call has returned, the next scan frees it.
        var waited = 0
        while !stalledReleased.load(ordering: .relaxed) && waited < 10_000 {
            sink.install { _ in }
            waited += 1
        }
        let freedAfter = stalledReleased.load(ordering: .relaxed)
        #expect(freedAfter, "never freed after the call returned")
    }

    @Test("a sink that logs through the same sink completes")
    func sinkThatLogs() {
        let capture = LogCapture()
        let inner = LogSink(capture.handler)
        let sink = LogSink()
        sink.install { message in
            capture.handler("outer: \(message)")
            if message.count < 12 { sink("\(message)+") }  // re-enters this very sink
            inner("inner: \(message)")
        }
        sink("go")
        // Nested far deeper than the hazard slots: exercises the slow path.
        #expect(capture.messages.filter { $0.hasPrefix("outer:") }.count == 11)
        #expect(capture.messages.filter { $0.hasPrefix("inner:") }.count == 11)
    }

    @Test("a sink that replaces the sink completes, and the message after goes to the new one")
    func sinkThatReplacesTheSink() {
        let capture = LogCapture()
        let sink = LogSink()
        sink.install { message in
            capture.handler("first: \(message)")
            sink.install { capture.handler("second: \($0)") }
            sink("from inside")  // goes to the handler just installed
        }
        sink("one")
        sink("two")
        #expect(capture.messages == ["first: one", "second: from inside", "second: two"])
    }

    @Test("replacement from many threads while logging from many threads, with nesting")
    func replacementStormWithNesting() {
        let delivered = Atomic<Int>(0)
        let sink = LogSink()
        let inner = LogSink { _ in delivered.add(1, ordering: .relaxed) }
        let handler: @Sendable (String) -> Void = { message in inner(message) }
        sink.install(handler)
        onThreads(4) { index in
            for n in 0..<5_000 {
                if index.isMultiple(of: 2) && n.isMultiple(of: 10) {
                    sink.install(handler)
                } else {
                    sink("\(n)")
                }
            }
        }
        #expect(delivered.load(ordering: .relaxed) == 2 * 5_000 + 2 * 4_500)
    }
}
