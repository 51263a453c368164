/// An installed sink, immutable once published.
///
/// Wrapping the closure in a final class matters for speed: a bare
/// closure stored as a generic value is called through reabstraction thunks,
/// and copying it out of shared storage retains its context, a write to a
/// reference count every logging thread shares. A `Handler` is published by
/// pointer and called in place, borrowed, with no retain.
final class Handler: Sendable {
    enum Body: Sendable {
        case text(@Sendable (String) -> Void)
        case records(@Sendable (LogRecord) -> Void)
    }

    let body: Body

    init(_ body: Body) {
        self.body = body
    }

    @inline(__always)
    func invoke(
        _ level: LogLevel,
        _ message: String,
        label: String?,
        _ file: StaticString,
        _ function: StaticString,
        _ line: UInt
    ) {
        switch body {
        case .text(let write):
            write(message)
        case .records(let write):
            write(LogRecord(
                level: level, label: label, message: message,
                file: "\(file)", function: "\(function)", line: line
            ))
        }
    }

    func invoke(_ record: LogRecord) {
        switch body {
        case .text(let write): write(record.message)
        case .records(let write): write(record)
        }
    }
}
