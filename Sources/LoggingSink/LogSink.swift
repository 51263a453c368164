internal import CLoggingSinkSupport
import Synchronization

/// Where a library's log messages go, decided by the app that hosts it.
///
/// A library keeps one `LogSink` in a `static let` and logs through it from
/// any thread; the host installs a handler whenever it likes. It replaces the
/// `static var sink: (String) -> Void` that Swift 6 rejects, keeping its call
/// shape:
///
/// ```swift
/// import LoggingSink
///
/// public enum Logging {
///     /// This library's sink; `Logging.log.warning("…")` for leveled calls.
///     public static let log = LogSink(label: "Networking")
///
///     /// Replace to route this library's logs: `Logging.sink = { print($0) }`.
///     public static var sink: @Sendable (String) -> Void {
///         get { { log($0) } }
///         set { log.install(newValue) }
///     }
/// }
///
/// // Library code, on any queue:
/// Logging.sink("connected")
/// ```
///
/// The getter returns a function with no captures that logs through `log`:
/// calling it costs no allocation and no reference counting.
///
/// ## Guarantees
/// - ``install(_:)`` may be called at any time from any thread, including
///   from inside a handler.
/// - Each message reaches exactly one handler: the one installed before the
///   replacement or the one after. None is lost, none is duplicated.
/// - Handlers run with no LoggingSink lock held, so a handler that logs, or
///   that installs another handler, cannot deadlock.
/// - Handlers are `@Sendable`: a non-`Sendable` closure formed in main-actor
///   code is rejected at compile time instead of trapping later on a
///   background thread.
/// - Replacing a handler never blocks on readers; old handlers are released
///   in batches once no thread is calling them (see <doc:Semantics>).
public final class LogSink: Sendable {
    /// The library or subsystem name delivered with every record, if any.
    ///
    /// ```swift
    /// LogSink(label: "Downloads").label  // "Downloads"
    /// ```
    public let label: String?

    /// The lowest level delivered, as a raw value for lock-free reads.
    @usableFromInline
    let threshold: Atomic<UInt8>

    /// The published handler: a +1 `Handler` pointer (see `Publication`).
    let current: Atomic<UInt>

    /// Creates a sink that delivers text to `handler`, which prints by default.
    ///
    /// ```swift
    /// static let log = LogSink(label: "Sync", minimumLevel: .debug)
    /// ```
    public init(
        label: String? = nil,
        minimumLevel: LogLevel = .trace,
        _ handler: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.label = label
        self.threshold = Atomic(minimumLevel.rawValue)
        self.current = Atomic(Publication.initial(Handler(text: handler)))
    }

    /// Creates a sink that delivers full ``LogRecord``s to `handler`.
    ///
    /// ```swift
    /// let log = LogSink(label: "Sync", records: { print($0.formatted) })
    /// ```
    ///
    /// A trailing closure that ignores its argument picks the text
    /// initializer; one that uses a `LogRecord` member picks this one.
    @_disfavoredOverload
    public init(
        label: String? = nil,
        minimumLevel: LogLevel = .trace,
        records handler: @escaping @Sendable (LogRecord) -> Void
    ) {
        self.label = label
        self.threshold = Atomic(minimumLevel.rawValue)
        self.current = Atomic(Publication.initial(Handler(records: handler)))
    }

    deinit {
        Publication.retire(current.load(ordering: .acquiring))
    }

    // MARK: Replacing the handler

    /// Routes every later message to `handler`, which receives message text.
    ///
    /// Safe from any thread at any time, including from inside a handler.
    /// Calls already running finish with the handler they started with.
    ///
    /// ```swift
    /// @MainActor final class AppDelegate {
    ///     init() { Networking.log.install { print("net:", $0) } }
    /// }
    /// ```
    public func install(_ handler: @escaping @Sendable (String) -> Void) {
        Publication.replace(current, with: Handler(text: handler))
    }

    /// Routes every later message to `handler` as a full ``LogRecord``.
    ///
    /// ```swift
    /// Networking.log.install(records: { record in
    ///     if record.level >= .error { crashReporter.note(record.formatted) }
    /// })
    /// ```
    @_disfavoredOverload
    public func install(records handler: @escaping @Sendable (LogRecord) -> Void) {
        Publication.replace(current, with: Handler(records: handler))
    }

    /// A function that logs through this sink, or, when set, the handler to
    /// install.
    ///
    /// Reading it does not hand out the installed closure: it returns a
    /// function that logs at `.info` through whatever handler is installed
    /// when it is called, so it stays correct across replacements.
    ///
    /// ```swift
    /// Networking.log.handler = { print($0) }
    /// let log = Networking.log.handler
    /// log("hello")
    /// ```
    public var handler: @Sendable (String) -> Void {
        get { { [self] message in self(message) } }
        set { install(newValue) }
    }

    // MARK: Levels

    /// Messages below this level are dropped before they are formatted.
    ///
    /// ```swift
    /// Networking.log.minimumLevel = .warning
    /// ```
    public var minimumLevel: LogLevel {
        get { LogLevel(rawValue: threshold.load(ordering: .relaxed)) ?? .trace }
        set { threshold.store(newValue.rawValue, ordering: .relaxed) }
    }

    /// Whether a message at `level` would be delivered.
    ///
    /// ```swift
    /// if log.isEnabled(.debug) { log.debug(expensiveDump()) }
    /// ```
    @inlinable
    public func isEnabled(_ level: LogLevel) -> Bool {
        level.rawValue >= threshold.load(ordering: .relaxed)
    }

    // MARK: Logging

    /// Logs `message` at `.info`: the seed's `Logging.sink("hello")`.
    ///
    /// Text handlers receive `message` unchanged.
    ///
    /// ```swift
    /// Networking.log("connected to \(host)")
    /// ```
    @inlinable
    public func callAsFunction(
        _ message: String,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) {
        guard isEnabled(.info) else { return }
        deliver(.info, message, file, function, line)
    }

    /// Logs the message at `level`; `message` is evaluated only if the level
    /// is enabled.
    ///
    /// ```swift
    /// log.log(.debug, "state: \(bigStructure)")  // not formatted unless enabled
    /// ```
    @inlinable
    public func log(
        _ level: LogLevel,
        _ message: @autoclosure () -> String,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) {
        guard isEnabled(level) else { return }
        deliver(level, message(), file, function, line)
    }

    /// Delivers a prebuilt record (bridges use this), subject to ``minimumLevel``.
    /// The record's label is kept as is.
    ///
    /// ```swift
    /// log.emit(LogRecord(level: .error, label: "Imported", message: "bad row 12"))
    /// ```
    public func emit(_ record: LogRecord) {
        guard isEnabled(record.level) else { return }
        // The same scoped-override / hazard-pin / retained-fallback sequence
        // as `deliver`, written out again on purpose: a shared helper taking
        // a closure made Swift retain the sink and the message around the
        // call (see `Publication.enter`). Change both together.
        if _slowPath(lsk_scoped_overrides() != 0), let scoped = ScopedSinks.handler(for: self) {
            return scoped.invoke(record)
        }
        guard let pin = Publication.enter(current) else {
            return Publication.retainCurrent(current).invoke(record)
        }
        pin.handler._withUnsafeGuaranteedRef { $0.invoke(record) }
        Publication.exit(pin)
    }

    /// The hot path: a scoped override if any task-local one is in effect,
    /// else the published handler, called with no lock and no retain.
    @usableFromInline
    func deliver(
        _ level: LogLevel,
        _ message: String,
        _ file: StaticString,
        _ function: StaticString,
        _ line: UInt
    ) {
        if _slowPath(lsk_scoped_overrides() != 0), let scoped = ScopedSinks.handler(for: self) {
            return scoped.invoke(level, message, label: label, file, function, line)
        }
        guard let pin = Publication.enter(current) else {
            return Publication.retainCurrent(current).invoke(level, message, label: label, file, function, line)
        }
        pin.handler._withUnsafeGuaranteedRef { $0.invoke(level, message, label: label, file, function, line) }
        Publication.exit(pin)
    }
}
