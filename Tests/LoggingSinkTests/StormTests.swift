internal import CLoggingSinkSupport
import Foundation
@testable import LoggingSink
import SafeBox
import Synchronization
import Testing
import TestSupport

/// Sinks whose handlers log through, or replace, the very sink they are
/// installed in: such a handler names its sink, as adopter code names its
/// library's `static let`. One sink per test, so parallel tests do not mix.
private enum Reentrant {
    static let outer = LogSink()
    static let inner = LogSink()
}

private enum SelfReplacing {
    static let log = LogSink()
}

/// The storm across a sink's first install: run in a child process (an exit
/// test), because until the first install the sink prints to standard output.
/// Default-printed lines are the bare id; handler lines are "h<generation> <id>".
private enum FirstInstallStorm {
    static let log = LogSink()
    static let loggers = 4, perThread = 5_000
    static let logged = Atomic<Int>(0)
    static let finishedLoggers = Atomic<Int>(0)

    static func run() {
        onThreads(loggers + 1) { index in
            if index == loggers {
                // Let logging get under way so the first install lands mid-storm.
                while logged.load(ordering: .relaxed) < loggers * perThread / 10 { sched_yield() }
                var generation = 0
                repeat {
                    let tag = "h\(generation) "
                    log.install { print(tag + $0) }
                    generation += 1
                } while finishedLoggers.load(ordering: .acquiring) < loggers
                return
            }
            for n in 0..<perThread {
                log("\(index * perThread + n)")
                logged.add(1, ordering: .relaxed)
            }
            finishedLoggers.add(1, ordering: .releasing)
        }
    }
}

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
        let holder = SinkHolder(LogSink(tally.handler(generation: 0)))
        let finishedLoggers = Atomic<Int>(0)
        let replacements = Atomic<Int>(0)

        onThreads(loggers + 1) { index in
            if index == loggers {
                var generation = 1
                while finishedLoggers.load(ordering: .acquiring) < loggers {
                    holder.sink.install(tally.handler(generation: generation))
                    generation += 1
                }
                replacements.store(generation - 1, ordering: .relaxed)
                return
            }
            for n in 0..<perThread {
                holder.sink("\(index * perThread + n)")
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
        holder.sink.install { _ in }
        #expect(Publication.retiredCount <= Publication.reclaimBatch + Int(LSK_SLOTS) * Publication.threadRecordCount)
    }

    @Test("4 threads log into a sink with nothing installed while a 5th installs: every message exactly once")
    func stormAcrossFirstInstall() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardOutputContent]) {
            FirstInstallStorm.run()
        }
        let total = FirstInstallStorm.loggers * FirstInstallStorm.perThread
        var counts = [Int](repeating: 0, count: total)
        var printedByDefault = 0, handlerGenerations: Set<Substring> = []
        for line in String(decoding: result.standardOutputContent, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            let id = Int(fields.last ?? "") ?? -1
            try #require(counts.indices.contains(id), "unexpected line \(line)")
            counts[id] += 1
            if fields.count == 1 { printedByDefault += 1 } else { handlerGenerations.insert(fields[0]) }
        }
        let lost = counts.indices.filter { counts[$0] == 0 }
        let duplicated = counts.indices.filter { counts[$0] > 1 }
        #expect(lost.isEmpty, "\(lost.count) messages lost, first \(lost.prefix(5))")
        #expect(duplicated.isEmpty, "\(duplicated.count) messages duplicated, first \(duplicated.prefix(5))")
        #expect(printedByDefault > 0 && printedByDefault < total, "the storm should straddle the first install")
        #expect(handlerGenerations.count > 1, "the storm should straddle replacements too")
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
        let holder = SinkHolder(LogSink())
        do {
            let token = Token { stalledReleased.store(true, ordering: .relaxed) }
            holder.sink.install { _ in
                _ = token
                entered.signal()
                proceed.wait()
            }
        }
        let reader = Thread { holder.sink("stall") }
        reader.start()
        entered.wait()
        // The reader is inside the handler; replace it many times over.
        for _ in 0..<(4 * Publication.reclaimBatch) {
            holder.sink.install { _ in }
        }
        let freedEarly = stalledReleased.load(ordering: .relaxed)
        #expect(!freedEarly, "freed while a thread was calling it")
        #expect(Publication.retiredCount <= Publication.reclaimBatch + Int(LSK_SLOTS) * Publication.threadRecordCount)
        proceed.signal()
        // Once the call has returned, the next scan frees it.
        var waited = 0
        while !stalledReleased.load(ordering: .relaxed) && waited < 10_000 {
            holder.sink.install { _ in }
            waited += 1
        }
        let freedAfter = stalledReleased.load(ordering: .relaxed)
        #expect(freedAfter, "never freed after the call returned")
    }

    @Test("a sink that logs through the same sink completes")
    func sinkThatLogs() {
        let capture = LogCapture()
        Reentrant.inner.install(capture.handler)
        Reentrant.outer.install { message in
            capture.handler("outer: \(message)")
            if message.count < 12 { Reentrant.outer("\(message)+") }  // re-enters this very sink
            Reentrant.inner("inner: \(message)")
        }
        Reentrant.outer("go")
        // Nested far deeper than the hazard slots: exercises the slow path.
        #expect(capture.messages.filter { $0.hasPrefix("outer:") }.count == 11)
        #expect(capture.messages.filter { $0.hasPrefix("inner:") }.count == 11)
    }

    @Test("a sink that replaces the sink completes, and the message after goes to the new one")
    func sinkThatReplacesTheSink() {
        let capture = LogCapture()
        SelfReplacing.log.install { message in
            capture.handler("first: \(message)")
            SelfReplacing.log.install { capture.handler("second: \($0)") }
            SelfReplacing.log("from inside")  // goes to the handler just installed
        }
        SelfReplacing.log("one")
        SelfReplacing.log("two")
        #expect(capture.messages == ["first: one", "second: from inside", "second: two"])
    }

    @Test("replacement from many threads while logging from many threads, with nesting")
    func replacementStormWithNesting() {
        let delivered = Atomic<Int>(0)
        let inner = SinkHolder(LogSink { _ in delivered.add(1, ordering: .relaxed) })
        let handler: @Sendable (String) -> Void = { message in inner.sink(message) }
        let outer = SinkHolder(LogSink())
        outer.sink.install(handler)
        onThreads(4) { index in
            for n in 0..<5_000 {
                if index.isMultiple(of: 2) && n.isMultiple(of: 10) {
                    outer.sink.install(handler)
                } else {
                    outer.sink("\(n)")
                }
            }
        }
        #expect(delivered.load(ordering: .relaxed) == 2 * 5_000 + 2 * 4_500)
    }
}
