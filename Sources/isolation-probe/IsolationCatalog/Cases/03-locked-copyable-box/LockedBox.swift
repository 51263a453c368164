// Case 3: a copyable, lock-protected box. The lock makes every read and
// write of the stored closure atomic, but `withLock` returns whatever the
// body returns, so the closure itself walks out of the lock and is called on
// another thread. A lock orders memory accesses; it does not change which
// actor a closure belongs to.
import Dispatch
import Synchronization

/// A class that guards its value with a mutex and hands out results freely.
final class LockedBox<Value>: @unchecked Sendable {
    private let mutex = Mutex<Void>(())
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body(&value) }
    }
}

enum Metrics {
    typealias Sink = (String) -> Void
    static let sink = LockedBox<Sink>({ print("default metrics sink: \($0)") })

    /// Reads the closure under the lock, then calls it outside.
    static func emit(_ message: String) {
        let current = sink.withLock { $0 }
        current(message)
    }
}

@MainActor
final class Dashboard {
    var samples: [String] = []

    init() {
        Metrics.sink.withLock { stored in
            stored = { sample in
                self.samples.append(sample)
                print("dashboard sample: \(sample)")
            }
        }
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        let dashboard = Dashboard()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Metrics.emit("latency=12ms")
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap; \(dashboard.samples.count) sample(s)")
    }
}
