import LoggingSink
import Synchronization
import Testing
import TestSupport

@MainActor
final class Console {
    var lines: [String] = []
}

actor LogFile {
    var lines: [String] = []
    func write(_ line: String) { lines.append(line) }
}

@Suite("Delivery to actor-isolated destinations")
struct LogRelayTests {
    @Test("messages logged from background threads reach a @MainActor console in order")
    @MainActor
    func mainActorConsoleInOrder() async {
        let console = Console()
        let relay = LogRelay(capacity: 10_000) { @MainActor line in
            MainActor.assertIsolated()
            console.lines.append(line)
        }
        let holder = SinkHolder(LogSink(relay.handler))
        await Task.detached {
            onThreads(1) { _ in for n in 0..<2_000 { holder.sink("\(n)") } }
        }.value
        await relay.flush()
        #expect(console.lines == (0..<2_000).map { "\($0)" })
        #expect(relay.droppedCount == 0)
    }

    @Test("an actor that writes a file receives messages in order")
    func actorDestination() async {
        let file = LogFile()
        let relay = LogRelay(to: file) { file, line in file.write(line) }
        let sink = LogSink(relay.handler)
        for n in 0..<500 { sink("line \(n)") }
        await relay.flush()
        #expect(await file.lines == (0..<500).map { "line \($0)" })
    }

    @Test("many threads logging into one relay: nothing lost, each thread's order kept")
    func concurrentProducers() async {
        let delivered = Mutex<[String]>([])
        let relay = LogRelay(capacity: 100_000) { line in delivered.withLock { $0.append(line) } }
        let holder = SinkHolder(LogSink(relay.handler))
        await Task.detached {
            onThreads(4) { thread in for n in 0..<2_000 { holder.sink("\(thread):\(n)") } }
        }.value
        await relay.flush()
        let lines = delivered.withLock { $0 }
        #expect(lines.count == 8_000)
        for thread in 0..<4 {
            let mine = lines.filter { $0.hasPrefix("\(thread):") }
            #expect(mine == (0..<2_000).map { "\(thread):\($0)" })
        }
    }

    @Test("overflow drops the newest, counts them, and reports the count in order")
    func overflowPolicy() async {
        let gate = AsyncGate()
        let delivered = Mutex<[String]>([])
        let relay = LogRelay(capacity: 3) { line in
            await gate.wait()
            delivered.withLock { $0.append(line) }
        }
        // The first message starts the drain, which blocks in the
        // destination; the buffer then fills and overflows.
        relay.enqueue("m0")
        await gate.waitForWaiter()
        for n in 1...10 { relay.enqueue("m\(n)") }  // m1...m3 fit, m4...m10 dropped
        #expect(relay.droppedCount == 7)
        relay.enqueue("after")  // still full: dropped too
        await gate.open()
        await relay.flush()
        relay.enqueue("later")
        await relay.flush()
        #expect(delivered.withLock { $0 } == [
            "m0", "m1", "m2", "m3",
            "LogRelay dropped 8 messages (buffer of 3 was full)",
            "later",
        ])
        #expect(relay.droppedCount == 8)
    }

    @Test("a capacity below 1 is refused with a clear message")
    func badCapacity() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LogRelay(capacity: 0) { _ in }
        }
    }
}

/// Lets a test hold a destination inside its first call.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var waiterArrived: [CheckedContinuation<Void, Never>] = []
    private var hasWaited = false

    func wait() async {
        if isOpen { return }
        hasWaited = true
        for arrival in waiterArrived { arrival.resume() }
        waiterArrived = []
        await withCheckedContinuation { waiters.append($0) }
    }

    func waitForWaiter() async {
        if hasWaited { return }
        await withCheckedContinuation { waiterArrived.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
