// The timed entry points reject the seed's misuse exactly like withLock:
// a closure formed on the main actor cannot be stored through them.
// mutex: skip Mutex has no timed lock
import SafeBox

let sink = SafeBox<(String) -> Void>({ print($0) })

@MainActor
func installWithTimeout() {
    _ = sink.withLock(timeout: .milliseconds(10)) { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
}

@MainActor
func installWithDeadline() {
    _ = sink.withLock(deadline: .now + .seconds(1)) { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
}
