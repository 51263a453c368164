/// A value protected by a lock, with exactly the contract of the standard
/// library's `Synchronization.Mutex`, without its availability floor.
///
/// `SafeBox` is noncopyable, takes its initial value as `consuming sending`,
/// and hands the value to its closures as `inout sending`. Those three choices
/// are what let the compiler reject the classic `@unchecked Sendable` box bug:
/// a non-`Sendable` closure formed on the main actor cannot be stored in the
/// box and later called from another thread.
///
/// ```swift
/// let hits = SafeBox(0)
///
/// DispatchQueue.concurrentPerform(iterations: 100) { _ in
///     hits.withLock { $0 += 1 }
/// }
/// print(hits.withLock { $0 })  // 100
/// ```
///
/// The value and the lock live together in one heap block at a stable
/// address, so the box itself can be moved freely; it is never copied. Like `Mutex`, a box must
/// be declared with `let`. Store it as a `let` property of a `Sendable` class,
/// a global or a static.
///
/// By default the lock is SafeBox's own: one inlined compare-exchange to
/// acquire and one to release when uncontended, a brief bounded spin and
/// then a futex when contended. ``SafeBoxPolicy`` picks how it waits and
/// whether misuse (re-entry, an unlock by another thread) stops the program
/// with a message that says so instead of hanging, or backs the box with a
/// real `pthread_mutex_t` (``SafeBoxPolicy/pthread(_:)``) for priority
/// inheritance and for tools that understand pthread mutexes.
@_staticExclusiveOnly
public struct SafeBox<Value: ~Copyable>: ~Copyable {
    @usableFromInline
    let storage: LockedStorage<MutexCell, Value>

    /// Creates a box holding `initialValue`.
    ///
    /// The value is `sending`: once it is in the box, the caller can no
    /// longer touch it, so nothing outside the lock can race with it.
    ///
    /// ```swift
    /// let names = SafeBox<[String]>([])
    /// ```
    public init(_ initialValue: consuming sending Value) {
        self.init(initialValue, policy: .default)
    }

    /// Creates a box holding `initialValue` whose lock follows `policy`.
    ///
    /// The policy decides how a contended lock waits (spin briefly, or sleep
    /// at once) and whether misuse is caught; every call site stays the same.
    ///
    /// ```swift
    /// let sessions = SafeBox([String: Int](), policy: .checked)
    /// ```
    public init(_ initialValue: consuming sending Value, policy: SafeBoxPolicy) {
        storage = LockedStorage(initialValue, policy)
    }
}

// Checked: the one unchecked conformance is the storage's, whose lock is what
// makes sharing it safe.
extension SafeBox: Sendable where Value: ~Copyable {}

extension SafeBox where Value: ~Copyable {
    /// Calls `body` with exclusive access to the value, waiting for the lock
    /// if another thread holds it.
    ///
    /// The value is `inout sending`: anything stored into it must be free of
    /// the caller's isolation, so a main-actor closure cannot escape through
    /// the box. The result is `sending` for the same reason in the other
    /// direction. An error thrown by `body` releases the lock and is rethrown
    /// with its type intact.
    ///
    /// ```swift
    /// let queue = SafeBox<[Int]>([])
    /// queue.withLock { $0.append(1) }
    /// let first = queue.withLock { $0.first }
    /// ```
    ///
    /// - Important: Calling `withLock` on the same box from inside `body`
    ///   deadlocks, as it does with `Mutex`. A box with the
    ///   ``SafeBoxPolicy/checked`` policy (the default in debug builds)
    ///   stops instead, with "SafeBox re-entered on the thread that holds
    ///   it: withLock inside withLock deadlocks".
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        // The header's kind is read once, into a register, so the compiler
        // lays out one copy of the critical section per kind and the
        // release does not test the kind again.
        let cell = storage.lock
        let usesPThread = cell.usesPThread
        cell.lock(usesPThread: usesPThread)
        defer { cell.notifyWaitersAndUnlock(usesPThread: usesPThread) }
        return try storage.withValue(body)
    }

    /// Calls `body` with exclusive access to the value if the lock is free
    /// right now, and returns `nil` without waiting if it is not.
    ///
    /// ```swift
    /// let cache = SafeBox<[String: Int]>([:])
    /// if let count = cache.withLockIfAvailable({ $0.count }) {
    ///     print("cache holds \(count) entries")
    /// } else {
    ///     print("cache busy; skipping the report")
    /// }
    /// ```
    @inlinable
    public borrowing func withLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        let cell = storage.lock
        let usesPThread = cell.usesPThread
        guard cell.tryLock(usesPThread: usesPThread) else { return nil }
        defer { cell.notifyWaitersAndUnlock(usesPThread: usesPThread) }
        return try storage.withValue(body)
    }
}

extension SafeBox where Value: ~Copyable {
    /// The policy this box was created with.
    ///
    /// ```swift
    /// let box = SafeBox(0, policy: .plain)
    /// assert(box.policy == .plain)
    /// ```
    public var policy: SafeBoxPolicy {
        storage.lock.policy
    }

    /// Stops the program unless the calling thread holds this box: for code
    /// paths that must only run inside `withLock`.
    ///
    /// With the ``SafeBoxPolicy/checked`` policy the box knows its holder,
    /// and with a ``SafeBoxPolicy/pthread(_:)`` policy glibc records it in
    /// the mutex, so there this verifies that the holder is the calling
    /// thread. The other policies do not record the holder (that would cost
    /// the fast path), so there it verifies only that some thread holds the
    /// box.
    ///
    /// ```swift
    /// let books = SafeBox([String](), policy: .checked)
    /// func appendLocked(_ books: borrowing SafeBox<[String]>, _ list: inout [String]) {
    ///     books.assertOwnedByCurrentThread()
    ///     list.append("Dune")
    /// }
    /// books.withLock { appendLocked(books, &$0) }
    /// ```
    public borrowing func assertOwnedByCurrentThread(
        _ message: @autoclosure () -> String = "",
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let problem: String
        switch storage.lock.ownership {
        case .currentThread, .someThread:
            return
        case .free:
            problem = "SafeBox.assertOwnedByCurrentThread(): no thread holds the box; this code must run inside withLock"
        case .anotherThread:
            problem = "SafeBox.assertOwnedByCurrentThread(): another thread holds the box, not the calling thread"
        }
        let detail = message()
        fatalError(detail.isEmpty ? problem : "\(problem): \(detail)", file: file, line: line)
    }
}
