import Foundation
import Testing
import TestSupport

import SafeBox

/// A bounded blocking FIFO queue: the proof that `withLock(when:)` is enough
/// to build the classic primitives. Each operation is one line.
///
/// `Element` is `Sendable` because `put` moves a value the caller captured
/// into the box; region isolation treats a closure's captures as belonging
/// to the caller, so a non-`Sendable` element could not be stored through
/// `inout sending` (the same holds for `Mutex.withLock`).
final class BoundedQueue<Element: Sendable>: Sendable {
    private let items: SafeBox<[Element]>
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0, "BoundedQueue needs a capacity of at least 1, got \(capacity)")
        self.capacity = capacity
        self.items = SafeBox([])
    }

    /// Blocks while the queue is full.
    func put(_ element: Element) {
        items.withLock(when: { $0.count < capacity }) { $0.append(element) }
    }

    /// Blocks while the queue is full, at most `timeout`; false if it stayed full.
    func put(_ element: Element, timeout: Duration) -> Bool {
        items.withLock(when: { $0.count < capacity }, timeout: timeout) { $0.append(element) } != nil
    }

    /// Blocks while the queue is empty.
    func take() -> Element {
        items.withLock(when: { !$0.isEmpty }) { $0.removeFirst() }
    }

    /// Blocks while the queue is empty, at most `timeout`; nil if it stayed empty.
    func take(timeout: Duration) -> Element? {
        items.withLock(when: { !$0.isEmpty }, timeout: timeout) { $0.removeFirst() }
    }

    var count: Int { items.withLock { $0.count } }
}

/// A one-shot latch: threads wait until somebody opens it; once open it
/// stays open.
final class Latch: Sendable {
    private let isOpen = SafeBox(false)

    func open() { isOpen.withLock { $0 = true } }

    func wait() { isOpen.withLock(when: { $0 }) { _ in } }

    /// False if the latch was still closed when `timeout` passed.
    func wait(timeout: Duration) -> Bool {
        isOpen.withLock(when: { $0 }, timeout: timeout) { _ in } != nil
    }
}

@Suite("Primitives built from condition waits")
struct BlockingQueueAndLatchTests {
    @Test("producers and consumers pass every item exactly once through a bounded queue")
    func producerConsumer() {
        let queue = BoundedQueue<Int>(capacity: 3)
        let producers = 3, consumers = 3, perProducer = 2_000
        let received = SafeBox<[Int]>([])
        let total = producers * perProducer

        onThreads(producers + consumers) { index in
            if index < producers {
                for item in 0..<perProducer { queue.put(index * perProducer + item) }
            } else {
                // Consumers share the work; -1 marks "stop" below.
                while true {
                    let item = queue.take()
                    if item < 0 { return }
                    // Append and count under one lock, so exactly one
                    // consumer sees the last item arrive.
                    let count = received.withLock { all -> Int in
                        all.append(item)
                        return all.count
                    }
                    if count == total {
                        for _ in 0..<consumers { queue.put(-1) }
                    }
                }
            }
        }
        let all = received.withLock { $0 }
        #expect(all.count == total)
        #expect(Set(all) == Set(0..<total))
    }

    @Test("a full queue blocks put until a take makes room; an empty one blocks take")
    func blocksAtTheBounds() {
        let queue = BoundedQueue<String>(capacity: 2)
        queue.put("a")
        queue.put("b")
        let timeout = Duration.milliseconds(50)
        let full = measure { queue.put("c", timeout: timeout) }
        #expect(!full.result)
        #expect(full.elapsed >= timeout - .milliseconds(1))
        #expect(queue.count == 2)

        let blockedPut = spawnThread { queue.put("c") }
        #expect(!blockedPut.wait(seconds: 0.05))
        #expect(queue.take() == "a")
        #expect(blockedPut.wait(seconds: 10))
        #expect(queue.take() == "b")
        #expect(queue.take() == "c")
        #expect(queue.take(timeout: timeout) == nil)
    }

    @Test("no thread passes a latch before it opens; all pass after")
    func latchHoldsUntilOpened() {
        let latch = Latch()
        let passed = SharedCounter()
        let waiting = DispatchGroup()
        let waiters = (0..<4).map { _ in
            waiting.enter()
            return spawnThread {
                waiting.leave()
                latch.wait()
                passed.increment()
            }
        }
        waiting.wait()
        #expect(!latch.wait(timeout: .milliseconds(50)))
        #expect(passed.value == 0)
        latch.open()
        for waiter in waiters { #expect(waiter.wait(seconds: 10)) }
        #expect(passed.value == 4)
        #expect(latch.wait(timeout: .zero))
    }
}
