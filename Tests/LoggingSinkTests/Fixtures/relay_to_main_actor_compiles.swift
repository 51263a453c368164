// Reaching main-actor state the supported way: through a LogRelay, whose
// destination is awaited on the main actor.
// mutex: skip LoggingSink API, not a lock box
import LoggingSink

let log = LogSink()

@MainActor
final class Console {
    var lines: [String] = []

    init() {
        let relay = LogRelay(capacity: 256) { @MainActor [weak self] line in
            self?.lines.append(line)
        }
        log.install(relay.handler)
    }
}
