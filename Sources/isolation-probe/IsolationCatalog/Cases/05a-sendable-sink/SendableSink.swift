// Case 5a: the fix. The sink's type is `@Sendable (String) -> Void`, stored
// in a `Mutex`. A `@Sendable` closure written inside a main-actor initializer
// is not isolated to the main actor (it may run anywhere), so the compiler
// makes sure it touches only Sendable state, and calling it from a
// background queue is correct.
import Dispatch
import Synchronization

enum Tracing {
    typealias Sink = @Sendable (String) -> Void

    static let sink = Mutex<Sink>({ print("default trace sink: \($0)") })

    static func trace(_ message: String) {
        let current = sink.withLock { $0 }
        current(message)
    }
}

/// Counts what reached the sink, safely from any thread.
let deliveredCount = Atomic<Int>(0)

@MainActor
final class TraceConsole {
    init() {
        Tracing.sink.withLock { stored in
            stored = { message in
                deliveredCount.add(1, ordering: .relaxed)
                print("trace console received: \(message)")
            }
        }
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        _ = TraceConsole()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Tracing.trace("cache warmed")
            finished.signal()
        }
        finished.wait()
        print("case finished cleanly; delivered \(deliveredCount.load(ordering: .relaxed)) message(s)")
    }
}
