// Case 5b: the fix holds. With the sink typed `@Sendable`, trying to store
// a closure held in a plain (non-Sendable) local is a compile-time error in
// Swift 6: the conversion would strip the main actor's isolation silently.
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

@MainActor
final class TraceConsole {
    var lines: [String] = []

    init() {
        // A local of non-Sendable function type: main-actor isolated.
        let local: (String) -> Void = { message in
            self.lines.append(message)
            print("trace console received: \(message)")
        }
        Tracing.sink.withLock { stored in
            stored = local
        }
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        let console = TraceConsole()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Tracing.trace("cache warmed")
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap; \(console.lines.count) line(s)")
    }
}
