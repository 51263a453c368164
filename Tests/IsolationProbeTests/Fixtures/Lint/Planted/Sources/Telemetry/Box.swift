import Foundation

/// The seed's copyable box: unchecked for every T, and `value` hands T out.
public final class Box<T>: @unchecked Sendable {  // expect: unchecked-sendable-generic-box
    public var value: T
    public init(_ value: T) { self.value = value }
}

/// A lock serialises access, but `withLock` still hands out `inout Value`;
/// the conformance is in an extension in another file.
final class LockedBox<Value> {  // expect: unchecked-sendable-generic-box
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// The body is @Sendable, but the unconstrained result lets `withValue { $0 }`
/// carry the value out to any thread.
final class LeakyIsolated<Value>: @unchecked Sendable {  // expect: unchecked-sendable-generic-box
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withValue<R>(_ body: @Sendable (inout Value) -> R) -> R { body(&value) }
}
