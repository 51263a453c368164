import LoggingSink

/// A sink kept the way an app object keeps one: in a `let` property of a
/// class. `LogSink` is noncopyable, so a closure that outlives the current
/// scope (another thread, a task, a handler) cannot capture a local sink;
/// it captures the holder and logs through `holder.sink`, as adopter code
/// logs through a `static let` or `self.log`.
final class SinkHolder: Sendable {
    let sink: LogSink

    init(_ sink: consuming LogSink) {
        self.sink = sink
    }
}
