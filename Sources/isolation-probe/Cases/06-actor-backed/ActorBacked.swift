// Case 6: the actor-backed design. Callers keep a synchronous API; each
// message is forwarded to an actor by an unstructured `Task`. It is
// data-race free, and the run shows the price: separate tasks are not
// ordered, so messages can reach the sink in a different order than they
// were sent.
import Dispatch
import Synchronization

enum Journal {
    typealias Sink = @Sendable (Int) -> Void

    /// Synchronous facade: fire and forget.
    static func log(_ sequenceNumber: Int) {
        Task { await plumbing.deliver(sequenceNumber) }
    }

    static func install(_ sink: @escaping Sink) {
        Task { await plumbing.replace(sink) }
    }

    private static let plumbing = Plumbing()

    private actor Plumbing {
        var sink: Sink = { _ in }
        func deliver(_ sequenceNumber: Int) { sink(sequenceNumber) }
        func replace(_ newSink: @escaping Sink) { sink = newSink }
    }
}

let messageCount = 2_000
let received = Mutex<[Int]>([])
let allDelivered = DispatchSemaphore(value: 0)

@main
enum Program {
    static func main() async {
        // Installed from a Task too, so even installation races with logging;
        // wait for it to land before sending.
        let installed = DispatchSemaphore(value: 0)
        Journal.install { sequenceNumber in
            let count = received.withLock { list in
                list.append(sequenceNumber)
                return list.count
            }
            if count == messageCount { allDelivered.signal() }
        }
        Journal.log(-1)  // marker: sent after install, from the same thread
        Task.detached {
            while received.withLock({ $0.isEmpty }) { await Task.yield() }
            installed.signal()
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { installed.wait(); continuation.resume() }
        }
        received.withLock { $0.removeAll() }

        for sequenceNumber in 0..<messageCount { Journal.log(sequenceNumber) }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { allDelivered.wait(); continuation.resume() }
        }
        let order = received.withLock { $0 }
        let inversions = zip(order, order.dropFirst()).filter { $0 > $1 }.count
        // `probe-note:` lines are quoted in the probe's report.
        print("probe-note: delivered \(order.count) of \(messageCount) messages; order \(inversions == 0 ? "preserved" : "NOT preserved (\(inversions) inversions)")")
        print("case finished cleanly")
    }
}
