// withLockIfAvailable rejects the seed's misuse exactly like withLock.
// mutex: same
import SafeBox

let sink = SafeBox<(String) -> Void>({ print($0) })

@MainActor
func installFromMainActor() {
    _ = sink.withLockIfAvailable { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
}
