/// An installed sink, immutable once published.
///
/// Wrapping the closure in a final class matters for speed: a bare
/// closure stored as a generic value is called through reabstraction thunks,
/// and copying it out of shared storage retains its context, a write to a
/// reference count every logging thread shares. A `Handler` is published by
/// pointer and called in place: its closures are `let` properties of a
/// borrowed object, which Swift calls without retaining their contexts.
/// (An enum payload would be copied out, retain and release included.)
final class Handler: Sendable {
    /// The text closure; for record handlers, one that is never called.
    let text: @Sendable (String) -> Void
    /// The record closure, or nil for a text handler.
    let records: (@Sendable (LogRecord) -> Void)?

    /// What a sink with nothing installed calls (published pointer 0):
    /// prints the text, as the seed's default sink did. A global, so it is
    /// never freed and readers need no hazard slot to call it.
    static let standardOutput = Handler(text: { print($0) })

    init(text: @escaping @Sendable (String) -> Void) {
        self.text = text
        self.records = nil
    }

    init(records: @escaping @Sendable (LogRecord) -> Void) {
        self.text = { _ in }
        self.records = records
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
        if _fastPath(records == nil) {
            text(message)
        } else {
            invokeRecords(level, message, label: label, file, function, line)
        }
    }

    @inline(never)
    func invokeRecords(
        _ level: LogLevel,
        _ message: String,
        label: String?,
        _ file: StaticString,
        _ function: StaticString,
        _ line: UInt
    ) {
        records?(LogRecord(
            level: level, label: label, message: message,
            file: "\(file)", function: "\(function)", line: line
        ))
    }

    func invoke(_ record: LogRecord) {
        if let records {
            records(record)
        } else {
            text(record.message)
        }
    }
}
