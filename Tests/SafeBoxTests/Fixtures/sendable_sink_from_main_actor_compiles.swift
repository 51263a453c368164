// The fix for the seed: a @Sendable sink formed on the main actor is not
// main-actor isolated, so it may be stored and called from anywhere.
// mutex: same
import SafeBox

let sink = SafeBox<@Sendable (String) -> Void>({ print($0) })

@MainActor
struct HostApp {
    init() {
        sink.withLock { $0 = { print("host: \($0)") } }
    }
}

func logFromBackground() {
    let current = sink.withLock { $0 }
    current("hello")
}
