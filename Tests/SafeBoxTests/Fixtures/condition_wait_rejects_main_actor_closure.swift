// The condition-wait entry points reject the seed's misuse exactly like
// withLock: a main-actor closure cannot be stored by the body.
// mutex: skip Mutex has no condition waits
import SafeBox

let sink = SafeBox<(String) -> Void>({ print($0) })

@MainActor
func installFromMainActor() {
    sink.withLock(when: { _ in true }) { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
    _ = sink.withLock(when: { _ in true }, timeout: .seconds(1)) { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
    _ = sink.withLock(when: { _ in true }, deadline: .now + .seconds(1)) { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
}
