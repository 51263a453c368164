// The seed's case 4: a non-Sendable closure formed in a @MainActor context
// is stored into the box. With an @unchecked Sendable box this compiled and
// trapped later on a background thread; `inout sending` rejects it here.
// mutex: same
import SafeBox

let sink = SafeBox<(String) -> Void>({ print($0) })

@MainActor
struct HostApp {
    init() {
        sink.withLock { $0 = { print("host: \($0)") } } // expected-error: 'inout sending' parameter '$0' cannot be main actor-isolated at end of function
    }
}
