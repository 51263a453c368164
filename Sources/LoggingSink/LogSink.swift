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
/// ## A noncopyable value, like `Atomic` and `Mutex`
/// A sink has one identity: the handler it holds. So, like `Atomic`, it
/// cannot be copied; keep it in a `static let` or a `let` stored property and
/// log through it in place. Pass it on as `borrowing LogSink`, or pass a
/// function that logs through it (`{ Logging.log($0) }`).
///
/// Being a struct is what makes the filtered-out call free: a
/// `static let log = LogSink(label: "Networking")` is laid out by the
/// compiler at build time (release builds), so `Logging.log.debug("…")` below
/// the minimum level is one byte load and a compare, with no one-time
/// initialisation check. A class instance is always created lazily, on first
/// access, and every access pays for that check.
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
public struct LogSink: ~Copyable, Sendable {
    /// The library or subsystem name delivered with every record, if any.
    ///
    /// ```swift
    /// let downloads = LogSink(label: "Downloads")
    /// print(downloads.label ?? "no label")  // Downloads
    /// ```
    public let label: String?

    /// The lowest level delivered, as a raw value for lock-free reads.
    @usableFromInline
    let threshold: Atomic<UInt8>

    /// The published handler: a +1 `Handler` pointer, or 0 for "nothing
    /// installed yet: print the text" (see `Publication`). 0 rather than a
    /// pointer to a default handler so that the initializer stores only
    /// constants and the compiler can lay a `static let` sink out statically.
    @usableFromInline
    let current: Atomic<UInt>

    /// This sink's key for task-local overrides (`withSink`): 0 until the
    /// first override, then a process-unique number, never reused.
    @usableFromInline
    let identity: Atomic<UInt>

    /// Creates a sink that prints each message until a handler is installed.
    ///
    /// ```swift
    /// public enum Logging {
    ///     public static let log = LogSink(label: "Sync", minimumLevel: .debug)
    /// }
    /// Logging.log.install { print("sync:", $0) }  // at startup, in the host
    /// ```
    ///
    /// It stores only constants, so in an optimised build a `static let`
    /// holding it needs no one-time initialisation: the cheapest sink to log
    /// through.
    @inlinable
    public init(label: String? = nil, minimumLevel: LogLevel = .trace) {
        self.label = label
        self.threshold = Atomic(minimumLevel.rawValue)
        self.current = Atomic(0)
        self.identity = Atomic(0)
    }

    /// Creates a sink that delivers text to `handler`.
    ///
    /// ```swift
    /// let log = LogSink(label: "Sync", minimumLevel: .debug) { print("sync:", $0) }
    /// ```
    ///
    /// Publishing the handler is work done at run time, so a `static let`
    /// created this way is initialised lazily and every access checks for
    /// that: if your hot path logs through a `static let`, create it with
    /// ``init(label:minimumLevel:)`` and ``install(_:)`` the handler at
    /// startup instead.
    public init(
        label: String? = nil,
        minimumLevel: LogLevel = .trace,
        _ handler: @escaping @Sendable (String) -> Void
    ) {
        self.init(label: label, minimumLevel: minimumLevel, publishing: Handler(text: handler))
    }

    /// Creates a sink that delivers full ``LogRecord``s to `handler`.
    ///
    /// ```swift
    /// let log = LogSink(label: "Sync", records: { print($0.formatted) })
    /// ```
    ///
    /// A trailing closure that ignores its argument picks the text
    /// initializer; one that uses a `LogRecord` member picks this one.
    /// Like the text form, this publishes the handler at run time, so a
    /// `static let` created this way is initialised lazily; for a hot path
    /// through a `static let`, install at startup with ``install(records:)``.
    @_disfavoredOverload
    public init(
        label: String? = nil,
        minimumLevel: LogLevel = .trace,
        records handler: @escaping @Sendable (LogRecord) -> Void
    ) {
        self.init(label: label, minimumLevel: minimumLevel, publishing: Handler(records: handler))
    }

    /// A sink with `handler` published from the start: what the
    /// handler-taking initializers share.
    init(label: String?, minimumLevel: LogLevel, publishing handler: Handler) {
        self.label = label
        self.threshold = Atomic(minimumLevel.rawValue)
        self.current = Atomic(Publication.initial(handler))
        self.identity = Atomic(0)
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
    ///     if record.level >= .error { print("ALERT", record.formatted) }
    /// })
    /// ```
    @_disfavoredOverload
    public func install(records handler: @escaping @Sendable (LogRecord) -> Void) {
        Publication.replace(current, with: Handler(records: handler))
    }

    // MARK: Levels

    /// Messages below this level are dropped before they are formatted.
    ///
    /// ```swift
    /// Networking.log.minimumLevel = .warning
    /// ```
    public var minimumLevel: LogLevel {
        get { LogLevel(rawValue: threshold.load(ordering: .relaxed)) ?? .trace }
        // Nonmutating: the level lives in an atomic, so it can be changed
        // through a `static let` sink from any thread.
        nonmutating set { threshold.store(newValue.rawValue, ordering: .relaxed) }
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
        if _slowPath(lsk_scoped_overrides() != 0), let scoped = ScopedSinks.handler(for: identity) {
            return scoped.invoke(record)
        }
        guard let pin = Publication.enter(current) else {
            return Publication.retainCurrent(current).invoke(record)
        }
        pin.call { $0.invoke(record) }
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
        if _slowPath(lsk_scoped_overrides() != 0), let scoped = ScopedSinks.handler(for: identity) {
            return scoped.invoke(level, message, label: label, file, function, line)
        }
        guard let pin = Publication.enter(current) else {
            return Publication.retainCurrent(current).invoke(level, message, label: label, file, function, line)
        }
        pin.call { $0.invoke(level, message, label: label, file, function, line) }
    }
}
