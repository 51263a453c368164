/// Which side a ``ReaderWriterBox`` favours when readers and a writer both wait.
///
/// ```swift
/// let routes = ReaderWriterBox([String: Int](), preferring: .writers)
/// ```
public enum ReaderWriterPreference: Sendable, Hashable {
    /// Once a writer waits, new readers queue behind it, so a steady stream
    /// of readers cannot starve writers. The default.
    ///
    /// On glibc this is `PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP`. The
    /// "nonrecursive" is the price: a thread that takes a read lock while
    /// it already holds one deadlocks if a writer has queued in between.
    ///
    /// ```swift
    /// let settings = ReaderWriterBox(["theme": "dark"])  // .writers is the default
    /// ```
    case writers

    /// New readers join readers already inside even while a writer waits
    /// (glibc's default). Best read throughput; a writer waits until the
    /// readers happen to leave all at once, which under constant read load
    /// may be never.
    ///
    /// ```swift
    /// // Writes are rare and may wait; reads must never queue behind them.
    /// let geoIndex = ReaderWriterBox([String: Int](), preferring: .readers)
    /// ```
    case readers
}

/// A value protected by a reader-writer lock: any number of threads may read
/// it at the same time, one thread at a time may change it.
///
/// Use it instead of ``SafeBox`` when reads far outnumber writes and each
/// read takes long enough that readers queueing behind one another would
/// hurt. Reads get the value `borrowing`; writes get it `inout sending`,
/// exactly as ``SafeBox/withLock(_:)`` does, so the same misuses are
/// rejected at compile time.
///
/// ```swift
/// let config = ReaderWriterBox(["timeout": 30])
///
/// // Any number of threads at once:
/// let timeout = config.withReadLock { $0["timeout"] ?? 10 }
///
/// // One thread at a time, readers held off meanwhile:
/// config.withWriteLock { $0["timeout"] = 60 }
/// ```
///
/// ### Why readers need a `Sendable` value
///
/// Readers run at the same time on different threads, all seeing the same
/// value. For a `Sendable` value that is safe by definition. For a
/// non-`Sendable` one it is not: two readers holding the same class
/// reference could both mutate the object, or one could read it while the
/// other's lazy cache writes to it, and a `borrowing` parameter stops
/// neither. So the read API is available only where `Value: Sendable`; a
/// box of non-`Sendable` state still works, but every access goes through
/// ``withWriteLock(_:)``, which is exclusive.
///
/// ### Re-entrance
///
/// Do not lock a box again from inside one of its own closures:
///
/// - A read or write lock requested while holding the write lock stops the
///   program with a message saying so (the system reports `EDEADLK`).
/// - The write lock requested while holding a read lock would hang, since
///   the system does not track readers. Debug builds of SafeBox track them
///   and stop with "withWriteLock inside withReadLock deadlocks" instead.
/// - A read lock inside a read lock works until a writer queues between
///   the two; with writer preference the inner reader then waits for the
///   writer, which waits for the outer reader. Debug builds stop on the
///   nested read at once when the box prefers writers, so tests catch it
///   before production load does.
///
/// Like ``SafeBox``, the box is noncopyable and must be declared with `let`.
@_staticExclusiveOnly
public struct ReaderWriterBox<Value: ~Copyable>: ~Copyable {
    @usableFromInline
    let storage: LockedStorage<ReaderWriterLockCell, Value>

    /// Creates a box holding `initialValue`.
    ///
    /// The value is `sending`: once it is in the box, the caller can no
    /// longer touch it. `preference` decides who goes first when readers and
    /// a writer both wait; the default keeps writers from starving.
    ///
    /// ```swift
    /// let index = ReaderWriterBox<[String: [Int]]>([:])
    /// let hotCache = ReaderWriterBox([Int](), preferring: .readers)
    /// ```
    public init(
        _ initialValue: consuming sending Value,
        preferring preference: ReaderWriterPreference = .writers
    ) {
        storage = LockedStorage(initialValue, preference)
    }
}

// Writers get exclusive `inout sending` access, as with SafeBox; readers
// share the value only where it is Sendable (see the read API's constraint).
// Checked: the one unchecked conformance is the storage's.
extension ReaderWriterBox: Sendable where Value: ~Copyable {}

// MARK: - Readers

extension ReaderWriterBox where Value: Sendable & ~Copyable {
    /// Calls `body` with shared read access to the value, waiting while a
    /// writer holds the lock (or, with writer preference, waits for it).
    /// Other readers may run `body` at the same time.
    ///
    /// ```swift
    /// let prices = ReaderWriterBox(["apple": 3])
    /// let apple = prices.withReadLock { $0["apple"] }
    /// ```
    ///
    /// - Important: Taking another lock on the same box inside `body`
    ///   deadlocks; see the type's discussion.
    @inlinable
    public borrowing func withReadLock<Result: ~Copyable, E: Error>(
        _ body: (borrowing Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        storage.lock.readLock()
        defer { storage.lock.unlockRead() }
        return try storage.readValue(body)
    }

    /// Calls `body` with shared read access if no writer holds or (with
    /// writer preference) waits for the lock right now; returns `nil`
    /// without waiting otherwise.
    ///
    /// ```swift
    /// let stats = ReaderWriterBox([Int]())
    /// if let samples = stats.withReadLockIfAvailable({ $0.count }) {
    ///     print("\(samples) samples")
    /// }
    /// ```
    @inlinable
    public borrowing func withReadLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (borrowing Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard storage.lock.tryReadLock() else { return nil }
        defer { storage.lock.unlockRead() }
        return try storage.readValue(body)
    }

    /// Calls `body` with shared read access, waiting at most `timeout` for
    /// it; returns `nil` if the timeout passes first.
    ///
    /// The wait runs on the monotonic clock. A zero or negative timeout
    /// never waits, like ``withReadLockIfAvailable(_:)``.
    ///
    /// ```swift
    /// let table = ReaderWriterBox(["a": 1])
    /// if let count = table.withReadLock(timeout: .milliseconds(50), { $0.count }) {
    ///     print("\(count) entries")
    /// } else {
    ///     print("a writer kept the table busy for 50 ms")
    /// }
    /// ```
    @inlinable
    public borrowing func withReadLock<Result: ~Copyable, E: Error>(
        timeout: Duration,
        _ body: (borrowing Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard storage.lock.readLock(until: MonotonicDeadline(after: timeout).nanoseconds) else { return nil }
        defer { storage.lock.unlockRead() }
        return try storage.readValue(body)
    }

    /// Calls `body` with shared read access, waiting for it no later than
    /// `deadline`; returns `nil` if the deadline passes first.
    ///
    /// ```swift
    /// let table = ReaderWriterBox(["a": 1])
    /// let deadline = ContinuousClock.now + .seconds(1)
    /// let a = table.withReadLock(deadline: deadline) { $0["a"] }
    /// ```
    @inlinable
    public borrowing func withReadLock<Result: ~Copyable, E: Error>(
        deadline: ContinuousClock.Instant,
        _ body: (borrowing Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard storage.lock.readLock(until: MonotonicDeadline(deadline).nanoseconds) else { return nil }
        defer { storage.lock.unlockRead() }
        return try storage.readValue(body)
    }
}

// MARK: - Writers

extension ReaderWriterBox where Value: ~Copyable {
    /// Calls `body` with exclusive access to the value, waiting until no
    /// reader or writer holds the lock.
    ///
    /// The value is `inout sending` and the result `sending`, as in
    /// ``SafeBox/withLock(_:)``: nothing tied to the caller's isolation can
    /// be stored into the box, and nothing the box guards can leave it
    /// still shared. Errors keep their type.
    ///
    /// ```swift
    /// let routes = ReaderWriterBox([String: Int]())
    /// routes.withWriteLock { $0["/health"] = 200 }
    /// ```
    ///
    /// - Important: Taking any lock on the same box inside `body` stops
    ///   the program with a message instead of deadlocking silently.
    @inlinable
    public borrowing func withWriteLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        storage.lock.writeLock()
        defer { storage.lock.unlockWrite() }
        return try storage.withValue(body)
    }

    /// Calls `body` with exclusive access if nobody holds the lock right
    /// now; returns `nil` without waiting otherwise.
    ///
    /// ```swift
    /// let pending = ReaderWriterBox([Int]())
    /// if pending.withWriteLockIfAvailable({ $0.removeAll() }) == nil {
    ///     print("busy; will flush next time")
    /// }
    /// ```
    @inlinable
    public borrowing func withWriteLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard storage.lock.tryWriteLock() else { return nil }
        defer { storage.lock.unlockWrite() }
        return try storage.withValue(body)
    }

    /// Calls `body` with exclusive access, waiting at most `timeout` for it;
    /// returns `nil` if the timeout passes first.
    ///
    /// The wait runs on the monotonic clock. A zero or negative timeout
    /// never waits, like ``withWriteLockIfAvailable(_:)``.
    ///
    /// ```swift
    /// let routes = ReaderWriterBox([String: Int]())
    /// if routes.withWriteLock(timeout: .milliseconds(50), { $0["/"] = 200 }) == nil {
    ///     print("readers kept the table busy")
    /// }
    /// ```
    @inlinable
    public borrowing func withWriteLock<Result: ~Copyable, E: Error>(
        timeout: Duration,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard storage.lock.writeLock(until: MonotonicDeadline(after: timeout).nanoseconds) else { return nil }
        defer { storage.lock.unlockWrite() }
        return try storage.withValue(body)
    }

    /// Calls `body` with exclusive access, waiting for it no later than
    /// `deadline`; returns `nil` if the deadline passes first.
    ///
    /// ```swift
    /// let routes = ReaderWriterBox([String: Int]())
    /// let deadline = ContinuousClock.now + .seconds(1)
    /// _ = routes.withWriteLock(deadline: deadline) { $0.removeAll() }
    /// ```
    @inlinable
    public borrowing func withWriteLock<Result: ~Copyable, E: Error>(
        deadline: ContinuousClock.Instant,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard storage.lock.writeLock(until: MonotonicDeadline(deadline).nanoseconds) else { return nil }
        defer { storage.lock.unlockWrite() }
        return try storage.withValue(body)
    }
}
