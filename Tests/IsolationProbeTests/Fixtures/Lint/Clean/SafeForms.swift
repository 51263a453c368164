import Synchronization
import SafeBox

// Every declaration here is a safe form of a flagged pattern: the linter must
// report nothing in this file.

typealias SendableSink = @Sendable (String) -> Void

final class SendableStorage: @unchecked Sendable {
    var handler: @Sendable (String) -> Void = { _ in }
    var aliased: SendableSink = { _ in }
    var optional: (@Sendable () -> Void)?
    let onMain: @MainActor () -> Void
    let cFunction: @convention(c) (Int32) -> Int32
    let isolatedAny: @isolated(any) () -> Void
    let inferred = { @Sendable (value: Int) in print(value) }
    var count = 0
    var name: String { "computed" }
    var describe: () -> String { { "computed closures are not stored" } }

    init(onMain: @escaping @MainActor () -> Void, cFunction: @escaping @convention(c) (Int32) -> Int32,
         isolatedAny: @escaping @isolated(any) () -> Void) {
        self.onMain = onMain
        self.cFunction = cFunction
        self.isolatedAny = isolatedAny
    }
}

/// Locks whose access is `inout sending` keep isolated closures out.
final class LockedStorage: @unchecked Sendable {
    let mutex = Mutex<(String) -> Void>({ _ in })
    let box = SafeBox<[() -> Void]>([])
}

/// Sendable-constrained generics cannot hold non-Sendable values.
final class SendableBox<T: Sendable>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

final class WhereBox<T>: @unchecked Sendable where T: Sendable & Hashable {
    var value: T
    init(_ value: T) { self.value = value }
}

final class ConditionalBox<T> {
    var value: T
    init(_ value: T) { self.value = value }
}
extension ConditionalBox: @unchecked Sendable where T: Sendable {}

protocol Message: Sendable {}
protocol Command: Message {}
final class CommandBox<C: Command>: @unchecked Sendable {
    var command: C
    init(_ command: C) { self.command = command }
}

/// Mutex's own shape: `inout sending` in, `sending` out.
struct SendingBox<Value: ~Copyable>: ~Copyable {
    private let storage: UnsafeMutablePointer<Value>

    init(_ value: consuming sending Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    func withLock<Result: ~Copyable>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try body(&storage.pointee)
    }
}
extension SendingBox: @unchecked Sendable where Value: ~Copyable {}

/// Stores a T but never hands it out.
final class Sealed<T>: @unchecked Sendable {
    private var storage: T
    init(_ storage: T) { self.storage = storage }
    func reset(to value: sending T) { storage = value }
    var summary: String { "sealed" }
}

/// Reads only exist where the value is Sendable.
final class ReadWriteBox<Value>: @unchecked Sendable {
    private var value: Value
    init(_ value: consuming sending Value) { self.value = value }
    func write(_ body: (inout sending Value) -> Void) { body(&value) }
}
extension ReadWriteBox where Value: Sendable {
    func read<R>(_ body: (Value) -> R) -> R { body(value) }
    var current: Value { value }
}

/// Checked isolation, like NIOLoopBound: every access verifies the thread first.
final class QueueBound<Value>: @unchecked Sendable {
    private var _value: Value
    init(_ value: Value) { _value = value }
    var value: Value {
        get {
            MainActor.preconditionIsolated()
            return _value
        }
        set {
            MainActor.preconditionIsolated()
            _value = newValue
        }
    }
}

/// Not @unchecked: the compiler checks these itself.
final class Plain {
    var callback: () -> Void = {}
}
@MainActor final class ViewModel {
    var onTap: () -> Void = {}
}
struct SendableHandlers: Sendable {
    var onStart: @Sendable () -> Void
}
final class HoldsSendableHandlers: @unchecked Sendable {
    var handlers: SendableHandlers
    let metatype: (() -> Void).Type = (() -> Void).self
    init(handlers: SendableHandlers) { self.handlers = handlers }
}

enum Config {
    nonisolated(unsafe) static let fixed: () -> Void = {}
    nonisolated(unsafe) static var retries = 3
    static let shared = SendableBox<Int>(1)
    static let sinks = ConditionalBox<Int>(1)
}

func localsAreNotShared() {
    nonisolated(unsafe) var local: () -> Void = {}
    local = { print("local") }
    local()
}

// Prose mentioning isolation-probe:ignored is not a suppression.

/// pointfree's LockIsolated shape: a @Sendable body with a Sendable result
/// can neither bring a non-Sendable value in nor take one out.
final class LockIsolatedLike<Value>: @unchecked Sendable {
    private var value: Value
    init(_ value: @autoclosure @Sendable () -> Value) { self.value = value() }
    func withValue<R: Sendable>(_ body: @Sendable (inout Value) throws -> R) rethrows -> R { try body(&value) }
    func withVoid(_ body: @Sendable (inout Value) -> Void) { body(&value) }
}

/// Stores a key path and a metatype written with Value, but no Value.
@propertyWrapper struct KeyPathDependency<Value>: @unchecked Sendable {
    let keyPath: KeyPath<[Int], Value>
    let type: Value.Type
    var wrappedValue: Value { fatalError("looked up elsewhere") }
}

typealias SendableKeyPath<Root, Value> = KeyPath<Root, Value> & Sendable

/// swift-dependencies' `Dependency` shape: a Sendable key path, looked up on read.
@propertyWrapper struct LookedUp<Value>: @unchecked Sendable {
    private let keyPath: any SendableKeyPath<[Int], Value>
    var wrappedValue: Value { fatalError("looked up elsewhere") }
}

/// A Mutex backport (FlyingSocks' shape): the lock and the value live in a
/// storage class; the only way to the value is `withLock`'s `inout sending`.
final class BackportStorage<Value> {
    let lock = NSLock()
    var value: Value
    init(_ value: Value) { self.value = value }
}

struct MutexBackport<Value>: @unchecked Sendable {
    let storage: BackportStorage<Value>
    init(_ initialValue: consuming sending Value) { storage = BackportStorage(initialValue) }
    func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return try body(&storage.value)
    }
}
