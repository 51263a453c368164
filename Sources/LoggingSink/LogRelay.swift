import SafeBox
import Synchronization

/// Carries log messages to an actor-isolated destination (a `@MainActor`
/// console, an actor that writes a file), in order and asynchronously.
///
/// A log call never waits for the destination and never runs it: it appends
/// to a bounded buffer and returns. One drain task at a time hands messages
/// to the destination with `await`, so a main-actor destination always runs
/// on the main actor and nothing traps, whichever thread logged.
///
/// ```swift
/// @MainActor final class Console { var lines: [String] = [] }
///
/// @MainActor func connect(console: Console) {
///     let relay = LogRelay(capacity: 512) { @MainActor line in
///         console.lines.append(line)
///     }
///     Networking.log.install(relay.handler)
/// }
/// ```
///
/// ## Overflow
/// When `capacity` messages are waiting, further messages are dropped (the
/// newest are dropped, so what arrives is an unbroken prefix) and counted.
/// The drain task takes waiting messages a batch at a time, so memory is
/// bounded by two buffers: `capacity` waiting plus at most `capacity` being
/// delivered.
/// Before the next message that fits, or when the buffer runs dry, the
/// destination receives one notice in order: `"LogRelay dropped N messages
/// (buffer of C was full)"`. ``droppedCount`` keeps the running total.
public final class LogRelay: Sendable {
    enum Entry: Sendable {
        case message(String)
        case dropped(Int)
    }

    struct State: Sendable {
        var queue: [Entry] = []
        var queuedMessages = 0
        var droppedSinceLastAccepted = 0
        var draining = false
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The most messages that wait in the buffer at once.
    ///
    /// ```swift
    /// let relay = LogRelay(capacity: 64) { print($0) }
    /// print(relay.capacity)  // 64
    /// ```
    public let capacity: Int

    private let destination: @Sendable (String) async -> Void
    private let state = SafeBox(State())
    private let dropped = Atomic<Int>(0)

    /// Creates a relay to `destination`, which may be isolated to any actor.
    ///
    /// - Precondition: `capacity` is at least 1.
    ///
    /// ```swift
    /// @MainActor final class StatusBar { var text = "" }
    ///
    /// @MainActor func show(in statusBar: StatusBar) {
    ///     let relay = LogRelay { @MainActor line in statusBar.text = line }
    ///     Networking.log.install(relay.handler)
    /// }
    /// ```
    public init(capacity: Int = 1024, to destination: @escaping @Sendable (String) async -> Void) {
        precondition(capacity >= 1, "LogRelay capacity must be at least 1, got \(capacity)")
        self.capacity = capacity
        self.destination = destination
    }

    /// Creates a relay that calls `deliver` isolated to `actor`.
    ///
    /// ```swift
    /// actor LogFile {
    ///     private(set) var lines: [String] = []
    ///     func write(_ line: String) { lines.append(line) }
    /// }
    /// let logFile = LogFile()
    /// let relay = LogRelay(to: logFile) { file, line in file.write(line) }
    /// ```
    public convenience init<A: Actor>(
        capacity: Int = 1024,
        to actor: A,
        deliver: @escaping @Sendable (isolated A, String) -> Void
    ) {
        self.init(capacity: capacity) { line in await deliver(actor, line) }
    }

    /// How many messages have been dropped because the buffer was full.
    ///
    /// ```swift
    /// if relay.droppedCount > 0 { print("console fell behind") }
    /// ```
    public var droppedCount: Int { dropped.load(ordering: .relaxed) }

    /// A handler to install in a ``LogSink``: it enqueues and returns.
    ///
    /// ```swift
    /// Networking.log.install(relay.handler)
    /// ```
    public var handler: @Sendable (String) -> Void {
        { [self] message in self.enqueue(message) }
    }

    /// Queues `message` for the destination, or drops and counts it if the
    /// buffer is full. Never blocks and never calls the destination.
    ///
    /// ```swift
    /// relay.enqueue("hello")
    /// ```
    public func enqueue(_ message: String) {
        let outcome = state.withLock { state -> EnqueueOutcome in
            guard state.queuedMessages < capacity else {
                state.droppedSinceLastAccepted += 1
                return .dropped
            }
            if state.droppedSinceLastAccepted > 0 {
                state.queue.append(.dropped(state.droppedSinceLastAccepted))
                state.droppedSinceLastAccepted = 0
            }
            state.queue.append(.message(message))
            state.queuedMessages += 1
            if state.draining { return .queued }
            state.draining = true
            return .startDrain
        }
        switch outcome {
        case .queued: break
        case .dropped: dropped.add(1, ordering: .relaxed)
        case .startDrain: Task { await self.drain() }
        }
    }

    private enum EnqueueOutcome {
        case queued, dropped, startDrain
    }

    /// Waits until every message queued before the call has been delivered
    /// (and any drop notice with it).
    ///
    /// ```swift
    /// relay.enqueue("bye")
    /// await relay.flush()
    /// ```
    public func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                if !state.draining && state.queue.isEmpty && state.droppedSinceLastAccepted == 0 { return true }
                state.idleWaiters.append(continuation)
                if !state.draining {
                    state.draining = true
                    Task { await self.drain() }
                }
                return false
            }
            if idle { continuation.resume() }
        }
    }

    /// Hands queued entries to the destination, one batch at a time, until
    /// the buffer is empty; then reports pending drops and goes idle.
    private func drain() async {
        while true {
            let batch = state.withLock { state -> [Entry] in
                if state.queue.isEmpty, state.droppedSinceLastAccepted > 0 {
                    state.queue.append(.dropped(state.droppedSinceLastAccepted))
                    state.droppedSinceLastAccepted = 0
                }
                if state.queue.isEmpty {
                    state.draining = false
                    let waiters = state.idleWaiters
                    state.idleWaiters = []
                    for waiter in waiters { waiter.resume() }
                    return []
                }
                let batch = state.queue
                state.queue = []
                state.queuedMessages = 0
                return batch
            }
            if batch.isEmpty { return }
            for entry in batch {
                switch entry {
                case .message(let text):
                    await destination(text)
                case .dropped(let count):
                    await destination("LogRelay dropped \(count) messages (buffer of \(capacity) was full)")
                }
            }
        }
    }
}
