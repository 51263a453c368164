// A sink cannot capture non-Sendable mutable state either.
// mutex: skip LoggingSink API, not a lock box
import LoggingSink

final class Buffer {
    var lines: [String] = []
}

func install(into log: borrowing LogSink) {
    let buffer = Buffer()
    log.install { buffer.lines.append($0) } // expected-error: capture of 'buffer' with non-Sendable type 'Buffer' in a '@Sendable' closure
}
