// A closure explicitly isolated to the main actor cannot become a sink:
// calling it synchronously from a background thread would break isolation.
// (LogRelay is the way to reach the main actor.)
// mutex: skip LoggingSink API, not a lock box
import LoggingSink

let log = LogSink()

@MainActor
func connect() {
    log.install { @MainActor (line: String) in print(line) } // expected-error: loses global actor 'MainActor'
}
