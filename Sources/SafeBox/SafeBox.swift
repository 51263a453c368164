public import CPThreadShim

/// A value protected by a lock, with exactly the contract of the standard
/// library's `Synchronization.Mutex`, on every Swift 6 platform.
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
/// The value and the lock live on the heap at a stable address, so the box
/// itself can be moved freely; it is never copied. Like `Mutex`, a box must
/// be declared with `let`. Store it as a `let` property of a `Sendable` class,
/// a global or a static.
///
/// Every pthread call's result is checked: a failure stops the program with
/// a message naming the call and the error instead of silently corrupting
/// state.
@_staticExclusiveOnly
public struct SafeBox<Value: ~Copyable>: ~Copyable {
    @usableFromInline
    let lock: MutexCell

    @usableFromInline
    let value: UnsafeMutablePointer<Value>

    /// Creates a box holding `initialValue`.
    ///
    /// The value is `sending`: once it is in the box, the caller can no
    /// longer touch it, so nothing outside the lock can race with it.
    ///
    /// ```swift
    /// let names = SafeBox<[String]>([])
    /// ```
    public init(_ initialValue: consuming sending Value) {
        lock = MutexCell()
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        lock.destroy()
    }
}

extension SafeBox: @unchecked Sendable where Value: ~Copyable {}

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
    ///   deadlocks, as it does with `Mutex`.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock()
        defer {
            lock.notifyWaitersIfAny()
            lock.unlock()
        }
        return try body(&value.pointee)
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
        guard lock.tryLock() else { return nil }
        defer {
            lock.notifyWaitersIfAny()
            lock.unlock()
        }
        return try body(&value.pointee)
    }
}
