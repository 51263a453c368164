// Every write entry point of ReaderWriterBox rejects the seed's misuse:
// storing a main-actor closure where any thread can later call it.
// mutex: skip Mutex has no reader-writer variant
import SafeBox

let sink = ReaderWriterBox<(String) -> Void>({ print($0) })

@MainActor
func installFromMainActor() {
    sink.withWriteLock { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
    _ = sink.withWriteLockIfAvailable { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
    _ = sink.withWriteLock(timeout: .seconds(1)) { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
    _ = sink.withWriteLock(deadline: .now + .seconds(1)) { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
}
