// A sink formed in a @MainActor class cannot touch the class's state.
// mutex: skip LoggingSink API, not a lock box
import LoggingSink

let log = LogSink()

@MainActor
final class Console {
    var lines: [String] = []

    init() {
        log.install { self.lines.append($0) } // expected-error: main actor-isolated property 'lines' can not be mutated from a Sendable closure
    }
}
