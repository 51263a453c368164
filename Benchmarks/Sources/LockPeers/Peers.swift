import Atomics
import ConcurrencyExtras
import Dispatch
import EngineVariants
import Foundation
import MutexNext
import NIOConcurrencyHelpers
import SafeBox
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every workload keeps behind the lock: the counter of the counter
/// workloads, and the 64-entry dictionary of ordo-one's shapes.
public struct BenchState: Sendable {
    /// Completed operations (one per acquisition that writes): after a run it
    /// must equal what the threads counted, or updates were lost.
    public var count = 0
    /// ordo-one/synchronization-benchmarks' `MapState.storage`: 64 entries.
    public var map: [Int: UInt64]
    /// State of the multiply-add chain that picks keys and values.
    var chain: UInt64 = 0x9E37_79B9_7F4A_7C15

    public static let mapEntries = 64

    public init() {
        map = Dictionary(minimumCapacity: Self.mapEntries)
        for key in 0..<Self.mapEntries { map[key] = 0 }
    }

    /// `units` units of work inside the lock. One unit is one link of the
    /// dependent multiply-add chain (as `workOutsideLock`) and one update of
    /// the dictionary entry the link's top six bits pick.
    @inline(__always)
    public mutating func update(units: Int) {
        var x = chain
        for _ in 0..<units {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            map[Int(truncatingIfNeeded: x >> 58), default: 0] &+= x
        }
        chain = x
        count += 1
    }
}

/// A counter behind one lock: the unit of the counter workloads. One
/// `increment()` is one lock + `+= 1` + unlock.
public protocol LockedCounter: AnyObject, Sendable {
    func increment()
    /// A read under the lock (the read-mostly workload's common operation).
    func read() -> Int
}

/// A lock guarding a ``BenchState``, the way the peer's users write it.
///
/// Each conformer is a final class so every harness loop, generic over the
/// lock, is specialised per peer and nothing but the lock is measured.
///
/// ```swift
/// let lock = SafeBoxLock(policy: .adaptive)
/// lock.withLock { $0.update(units: 16) }
/// ```
public protocol BenchLock: LockedCounter {
    func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R
    /// A read-only critical section (shared where the lock has a shared mode).
    func withReadLock<R: Sendable>(_ body: (BenchState) -> R) -> R
}

extension BenchLock {
    @inline(__always) public func withReadLock<R: Sendable>(_ body: (BenchState) -> R) -> R { withLock { body($0) } }
    @inline(__always) public func increment() { withLock { $0.count += 1 } }
    @inline(__always) public func read() -> Int { withReadLock { $0.count } }
}

// MARK: - SafeBox

/// SafeBox with the given policy.
public final class SafeBoxLock: BenchLock {
    let box: SafeBox<BenchState>
    public init(policy: SafeBoxPolicy) { box = SafeBox(BenchState(), policy: policy) }
    @inline(__always) public func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R { box.withLock { body(&$0) } }
}

/// The reader-writer box: reads share the lock, writes take it alone.
public final class ReaderWriterBoxLock: BenchLock {
    let box = ReaderWriterBox(BenchState())
    public init() {}
    @inline(__always) public func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R { box.withWriteLock { body(&$0) } }
    @inline(__always) public func withReadLock<R: Sendable>(_ body: (BenchState) -> R) -> R { box.withReadLock { body($0) } }
}

// MARK: - The standard library's Mutex, today's and the next one

@available(macOS 15.0, *)
public final class StdlibMutexLock: BenchLock {
    let mutex = Mutex(BenchState())
    public init() {}
    @inline(__always) public func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R { mutex.withLock { body(&$0) } }
}

/// "Mutex (next)": swiftlang/swift#88523's Linux Mutex (the C engine in
/// MutexNext) next to its value, as `Mutex<Value>` lays them out. The fast
/// paths are inlined, as the standard library's `@_alwaysEmitIntoClient`
/// `withLock` is.
public final class MutexNextLock: BenchLock, @unchecked Sendable {
    final class Storage: ManagedBuffer<BenchState, mn_mutex_t> {}
    let storage: Storage

    public init() {
        let buffer = Storage.create(minimumCapacity: 1) { buffer in
            buffer.withUnsafeMutablePointerToElements { mn_mutex_init($0) }
            return BenchState()
        }
        storage = unsafeDowncast(buffer, to: Storage.self)
    }

    @inline(__always) public func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R {
        storage.withUnsafeMutablePointers { state, mutex in
            mn_mutex_lock(mutex)
            defer { mn_mutex_unlock(mutex) }
            return body(&state.pointee)
        }
    }
}

// MARK: - Raw pthread boxes (what a hand-written pthread box costs)

/// A value next to a pthread mutex of the given type, every call checked.
public final class PThreadLock: BenchLock, @unchecked Sendable {
    /// One per ``SafeBoxPolicy/PThreadKind``, made the way that kind's
    /// documentation says, so each SafeBox pthread policy has its plain peer.
    public enum Kind: Sendable {
        case normal
        /// PTHREAD_MUTEX_ADAPTIVE_NP (glibc's spinning mutex; normal elsewhere).
        case adaptive
        /// PTHREAD_MUTEX_ERRORCHECK.
        case errorCheck
        /// A normal mutex with the PTHREAD_PRIO_INHERIT protocol.
        case priorityInheritance

        var type: Int32 {
            switch self {
            case .normal, .priorityInheritance: Int32(PTHREAD_MUTEX_NORMAL)
            case .adaptive:
                #if canImport(Glibc)
                Int32(PTHREAD_MUTEX_ADAPTIVE_NP)
                #else
                Int32(PTHREAD_MUTEX_NORMAL)
                #endif
            case .errorCheck: Int32(PTHREAD_MUTEX_ERRORCHECK)
            }
        }

        var `protocol`: Int32 {
            self == .priorityInheritance ? Int32(PTHREAD_PRIO_INHERIT) : Int32(PTHREAD_PRIO_NONE)
        }
    }

    /// The mutex and the value in one block at the offsets of a `SafeBox`
    /// pthread cell: the block aligned to a cache line, the mutex one line
    /// in, the value right after it. So the two differ only in the code
    /// around the pthread calls, not in where the allocator put the mutex.
    /// In a `ManagedBuffer` (NIO's `LockStorage` layout) the mutex landed
    /// wherever malloc put the object, and that moved from build to build:
    /// the same adaptive box ran 14.2-14.5 ns per contended operation with
    /// its mutex 56 bytes into a cache line, 18.4-18.8 ns in SafeBox's layout
    /// (Results/reruns.md, *A plain pthread box's speed is where malloc put
    /// its mutex*). (A class property next to a separately allocated mutex
    /// ran at twice the time for the same instructions.)
    static let mutexOffset = 64
    static let valueOffset = mutexOffset + MemoryLayout<pthread_mutex_t>.size

    let block: UnsafeMutableRawPointer
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let state: UnsafeMutablePointer<BenchState>

    public init(_ kind: Kind) {
        block = UnsafeMutableRawPointer.allocate(
            byteCount: Self.valueOffset + MemoryLayout<BenchState>.size, alignment: 64)
        mutex = (block + Self.mutexOffset).bindMemory(to: pthread_mutex_t.self, capacity: 1)
        state = (block + Self.valueOffset).bindMemory(to: BenchState.self, capacity: 1)
        state.initialize(to: BenchState())
        var attr = pthread_mutexattr_t()
        precondition(pthread_mutexattr_init(&attr) == 0, "pthread_mutexattr_init failed")
        precondition(pthread_mutexattr_settype(&attr, kind.type) == 0, "pthread_mutexattr_settype failed")
        precondition(pthread_mutexattr_setprotocol(&attr, kind.protocol) == 0, "pthread_mutexattr_setprotocol failed")
        precondition(pthread_mutex_init(mutex, &attr) == 0, "pthread_mutex_init failed")
        precondition(pthread_mutexattr_destroy(&attr) == 0, "pthread_mutexattr_destroy failed")
    }

    deinit {
        precondition(pthread_mutex_destroy(mutex) == 0, "pthread_mutex_destroy failed")
        state.deinitialize(count: 1)
        block.deallocate()
    }

    @inline(__always) public func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R {
        precondition(pthread_mutex_lock(mutex) == 0, "pthread_mutex_lock failed")
        defer { precondition(pthread_mutex_unlock(mutex) == 0, "pthread_mutex_unlock failed") }
        return body(&state.pointee)
    }
}

// MARK: - Library peers

public final class NIOBoxLock: BenchLock {
    let box = NIOLockedValueBox(BenchState())
    public init() {}
    @inline(__always) public func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R { box.withLockedValue { body(&$0) } }
}

public final class NSLockLock: BenchLock, @unchecked Sendable {
    let lock = NSLock()
    var state = BenchState()
    public init() {}
    @inline(__always) public func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}

/// LockIsolated copies its value out and back on every `withValue`, which
/// would copy the whole dictionary per acquisition: counter workloads only.
public final class LockIsolatedCounter: LockedCounter {
    let isolated = LockIsolated(0)
    public init() {}
    @inline(__always) public func increment() { isolated.withValue { $0 += 1 } }
    @inline(__always) public func read() -> Int { isolated.value }
}

public final class DispatchQueueLock: BenchLock, @unchecked Sendable {
    let queue = DispatchQueue(label: "bench.counter")
    var state = BenchState()
    public init() {}
    @inline(__always) public func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R {
        queue.sync { body(&state) }
    }
}

/// The floor: one atomic add, no lock at all.
public final class ManagedAtomicCounter: LockedCounter {
    let value = ManagedAtomic(0)
    public init() {}
    @inline(__always) public func increment() { value.wrappingIncrement(ordering: .acquiringAndReleasing) }
    @inline(__always) public func read() -> Int { value.load(ordering: .acquiring) }
}

/// The actor peer: tasks instead of threads, so it runs on the cooperative
/// pool (as many threads as cores) with `await` per operation.
public actor CounterActor {
    var value = 0
    public init() {}
    public func increment() { value += 1 }
    public func read() -> Int { value }
}

// MARK: - SafeBox's engine with other constants (the engine study)

/// A value behind one lock of an engine variant: SafeBox's lock engine
/// compiled with other compile-time constants, called out of line through
/// its entry points (Sources/EngineVariants, one `ev_*_engine` each).
///
/// ```swift
/// let lock = EngineVariantLock(ev_timedpark_engine)
/// lock.withLock { $0.update(units: 1) }
/// ```
public final class EngineVariantLock: BenchLock, @unchecked Sendable {
    let variant: ev_engine
    let engine: OpaquePointer
    var state = BenchState()

    public init(_ variant: ev_engine) {
        self.variant = variant
        engine = variant.create()
    }

    deinit { variant.destroy(engine) }

    @inline(__always) public func withLock<R: Sendable>(_ body: (inout BenchState) -> R) -> R {
        variant.lock(engine)
        defer { variant.unlock(engine) }
        return body(&state)
    }
}
