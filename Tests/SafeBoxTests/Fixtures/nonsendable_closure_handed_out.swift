// Handing the stored closure *out* of the box compiles, with Mutex too: the
// closure inside is free of any actor because `inout sending` refused every
// actor-isolated closure on the way in. This is why the box, unlike the
// seed's @unchecked Sendable Box, needs no @Sendable annotation to be safe.
// mutex: same
import SafeBox

let sink = SafeBox<(String) -> Void>({ print($0) })

func logFromBackground() {
    let current = sink.withLock { $0 }
    current("hello")
}
