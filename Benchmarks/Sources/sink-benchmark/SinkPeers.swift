import Dispatch
import Foundation
import Logging
import LoggingSink
import SafeBox
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The destination every peer delivers to: an opaque call that reads the
/// message, so no design can skip the call, and writes nothing shared.
@inline(never)
func destination(_ message: String) {
    blackHole(message.utf8.count)
}

@inline(never)
func blackHole<T>(_ value: T) { _ = value }

/// What a host's closure typically captures (a logger, a file handle): its
/// context is reference counted, as in real apps, so designs that copy the
/// closure out of shared storage pay for the shared reference count.
final class HostConsole: Sendable {
    let prefixLength = 0
    @inline(never)
    func write(_ message: String) { destination(message) }
}

/// A closure the optimiser cannot see through, as a host would install.
let hostClosure: @Sendable (String) -> Void = { [console = HostConsole()] in console.write($0) }

/// One way to implement the seed's `Logging.sink`: log through it from many
/// threads, replace it now and then.
protocol SinkPeer: Sendable {
    static var name: String { get }
    init()
    func log(_ message: String)
    func replace(_ closure: @escaping @Sendable (String) -> Void)
    /// Waits until everything logged so far has reached the destination
    /// (only the asynchronous actor design needs it).
    func settle()
    /// Whether the design can replace its sink at run time (swift-log's
    /// Logger cannot: its handler is fixed when the logger is made), so it
    /// joins the table with replacements.
    static var replaceable: Bool { get }
}

extension SinkPeer {
    func settle() {}
    static var replaceable: Bool { true }
}

/// Harness overhead: a log call that does nothing. Subtracted from the
/// filtered-out row, which should cost next to nothing itself.
final class EmptyPeer: SinkPeer {
    static let name = "empty call (harness overhead)"
    func log(_ message: String) {}
    func replace(_ closure: @escaping @Sendable (String) -> Void) {}
}

/// Baseline: the host's closure called directly, through the same peer
/// dispatch as every design, with no replacement support at all.
final class DirectPeer: SinkPeer {
    static let name = "direct closure call (baseline)"
    let call = hostClosure
    func log(_ message: String) { call(message) }
    func replace(_ closure: @escaping @Sendable (String) -> Void) {}
}

/// The adopter's code for LoggingSink, written as the docs say: the seed's
/// `static var sink` over a `static let LogSink`, created without a handler
/// (so the compiler lays it out statically: no `swift_once` on access) and
/// given the host's handler once, at startup (`installHostHandler`).
enum BenchLibrary {
    static let log = LogSink(label: "Bench", minimumLevel: .info)
    static var sink: @Sendable (String) -> Void {
        get { { log($0) } }
        set { log.install(newValue) }
    }
}

/// The host's startup: install once, before any peer runs.
func installHostHandler() {
    BenchLibrary.sink = hostClosure
}

final class LoggingSinkPeer: SinkPeer {
    static let name = "LoggingSink: Logging.sink(msg)"
    func log(_ message: String) { BenchLibrary.sink(message) }
    func replace(_ closure: @escaping @Sendable (String) -> Void) { BenchLibrary.sink = closure }
}

final class LoggingSinkFilteredPeer: SinkPeer {
    static let name = "LoggingSink: filtered-out log.debug(\"…\\(i)\"), static let"
    func log(_ message: String) { BenchLibrary.log.debug("\(message) \(message.utf8.count)") }
    func replace(_ closure: @escaping @Sendable (String) -> Void) { BenchLibrary.sink = closure }
}

/// The same filtered-out call on a sink held in a stored property, for
/// comparison: reaching it costs a load of the property through `self`
/// where the `static let` is at a fixed address.
final class LoggingSinkFilteredStoredPeer: SinkPeer {
    static let name = "LoggingSink: filtered-out, sink in a stored property"
    let log = LogSink(label: "Bench", minimumLevel: .info, hostClosure)
    func log(_ message: String) { log.debug("\(message) \(message.utf8.count)") }
    func replace(_ closure: @escaping @Sendable (String) -> Void) { log.install(closure) }
}

/// The closure wrapped in a struct, as a generic `Value` should hold it.
struct Wrapped: Sendable {
    let call: @Sendable (String) -> Void
}

/// Naive: copy the closure out of a SafeBox (pthread mutex), call outside.
final class SafeBoxCopyOutPeer: SinkPeer {
    static let name = "SafeBox copy-out"
    let box = SafeBox(Wrapped(call: hostClosure))
    func log(_ message: String) { box.withLock { $0 }.call(message) }
    func replace(_ closure: @escaping @Sendable (String) -> Void) { box.withLock { $0 = Wrapped(call: closure) } }
}

/// Naive: stdlib Mutex copy-out.
final class MutexCopyOutPeer: SinkPeer {
    static let name = "Synchronization.Mutex copy-out"
    let box = Mutex(Wrapped(call: hostClosure))
    func log(_ message: String) { box.withLock { $0 }.call(message) }
    func replace(_ closure: @escaping @Sendable (String) -> Void) { box.withLock { $0 = Wrapped(call: closure) } }
}

/// Naive: pthread rwlock, shared read lock around the copy.
final class RWLockPeer: SinkPeer, @unchecked Sendable {
    static let name = "pthread_rwlock copy-out"
    private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
    private var wrapped = Wrapped(call: hostClosure)  // guarded by lock
    init() { precondition(pthread_rwlock_init(lock, nil) == 0) }
    deinit { pthread_rwlock_destroy(lock); lock.deallocate() }
    func log(_ message: String) {
        precondition(pthread_rwlock_rdlock(lock) == 0)
        let current = wrapped
        precondition(pthread_rwlock_unlock(lock) == 0)
        current.call(message)
    }
    func replace(_ closure: @escaping @Sendable (String) -> Void) {
        precondition(pthread_rwlock_wrlock(lock) == 0)
        wrapped = Wrapped(call: closure)
        precondition(pthread_rwlock_unlock(lock) == 0)
    }
}

/// The seed's actor `Plumbing`: every log call starts a Task that hops to
/// the actor. `settle` waits for the backlog so its cost is counted.
final class ActorPlumbingPeer: SinkPeer {
    static let name = "seed's actor Plumbing (Task per call)"
    actor Plumbing {
        var sink: @Sendable (String) -> Void = hostClosure
        func log(_ message: String) {
            sink(message)
            delivered.increment()
        }
        func configure(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }
        let delivered: Counter
        init(_ delivered: Counter) { self.delivered = delivered }
    }
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        func increment() { value.add(1, ordering: .relaxed) }
    }
    let sent = Counter()
    let delivered = Counter()
    let plumbing: Plumbing
    init() { plumbing = Plumbing(delivered) }
    func log(_ message: String) {
        sent.increment()
        Task { [plumbing] in await plumbing.log(message) }
    }
    func replace(_ closure: @escaping @Sendable (String) -> Void) {
        Task { [plumbing] in await plumbing.configure(closure) }
    }
    func settle() {
        while delivered.value.load(ordering: .relaxed) < sent.value.load(ordering: .relaxed) {
            usleep(100)
        }
    }
}

// MARK: - swift-log's Logger, what most Swift libraries log through

/// swift-log's handler for the benchmark: hands the message to the host's
/// closure, so it reaches the same opaque destination as every design.
struct DestinationLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    func log(event: LogEvent) { hostClosure(event.message.description) }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
}

/// The library's loggers as swift-log's docs write them: a `static let`
/// created with `Logger(label:)`, whose handler comes from the host's
/// `LoggingSystem.bootstrap` (done once at startup, `bootstrapLogging`).
enum BenchLogs {
    static let logger = Logger(label: "Bench")
}

/// The host's startup for swift-log: every `Logger(label:)` made afterwards
/// gets a `DestinationLogHandler`.
func bootstrapLogging() {
    LoggingSystem.bootstrap { _ in DestinationLogHandler() }
}

/// A Logger held in a stored property, its handler given explicitly.
final class LoggerPeer: SinkPeer {
    static let name = "swift-log Logger: logger.info(msg), explicit handler"
    static let replaceable = false
    let logger = Logger(label: "Bench", factory: { _ in DestinationLogHandler() })
    func log(_ message: String) { logger.info("\(message)") }
    func replace(_ closure: @escaping @Sendable (String) -> Void) {}
}

final class LoggerFilteredPeer: SinkPeer {
    static let name = "swift-log Logger: filtered-out logger.debug(\"…\\(i)\"), explicit handler"
    static let replaceable = false
    let logger = Logger(label: "Bench", factory: { _ in DestinationLogHandler() })
    func log(_ message: String) { logger.debug("\(message) \(message.utf8.count)") }
    func replace(_ closure: @escaping @Sendable (String) -> Void) {}
}

final class BootstrappedLoggerPeer: SinkPeer {
    static let name = "swift-log Logger: logger.info(msg), LoggingSystem-bootstrapped static let"
    static let replaceable = false
    func log(_ message: String) { BenchLogs.logger.info("\(message)") }
    func replace(_ closure: @escaping @Sendable (String) -> Void) {}
}

final class BootstrappedLoggerFilteredPeer: SinkPeer {
    static let name = "swift-log Logger: filtered-out logger.debug(\"…\\(i)\"), bootstrapped static let"
    static let replaceable = false
    func log(_ message: String) { BenchLogs.logger.debug("\(message) \(message.utf8.count)") }
    func replace(_ closure: @escaping @Sendable (String) -> Void) {}
}
