// Case 4: a noncopyable box whose initializer takes `consuming sending` and
// whose `withLock` hands the value over as `inout sending`. Region-based
// isolation now sees that the closure stored from the main actor still
// belongs to the main actor, and refuses to let it cross into the box.
import Dispatch
import Synchronization

/// A Mutex-shaped box written by hand: the value is `sending` in and out.
struct SendingBox<Value>: ~Copyable, @unchecked Sendable {
    private let mutex = Mutex<Void>(())
    private let slot: UnsafeMutablePointer<Value>

    init(_ value: consuming sending Value) {
        slot = .allocate(capacity: 1)
        slot.initialize(to: value)
    }

    deinit {
        slot.deinitialize(count: 1)
        slot.deallocate()
    }

    borrowing func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try mutex.withLock { _ in try body(&slot.pointee) }
    }
}

enum Audit {
    typealias Sink = (String) -> Void
    static let sink = SendingBox<Sink>({ print("default audit sink: \($0)") })

    /// Calls the sink while holding the lock; the closure never leaves the box.
    static func record(_ event: String) {
        sink.withLock { current in current(event) }
    }
}

@MainActor
final class AuditLogView {
    var events: [String] = []

    init() {
        Audit.sink.withLock { stored in
            // The main-actor closure is sent into the box here.
            stored = { event in
                self.events.append(event)
                print("audit view shows: \(event)")
            }
        }
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        let view = AuditLogView()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Audit.record("user signed in")
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap; \(view.events.count) event(s)")
    }
}
