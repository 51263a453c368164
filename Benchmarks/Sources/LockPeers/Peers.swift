import Atomics
import ConcurrencyExtras
import Dispatch
import Foundation
import NIOConcurrencyHelpers
import SafeBox
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A counter behind one lock: the unit every workload measures. One
/// `increment()` is one lock + `+= 1` + unlock.
///
/// Each peer is a final class so the harness, generic over `LockedCounter`,
/// is specialised per peer and nothing but the lock itself is measured.
public protocol LockedCounter: AnyObject, Sendable {
    init()
    func increment()
    /// A read under the lock (the read-mostly workload's common operation).
    func read() -> Int
}

// MARK: - SafeBox, each policy

public final class SafeBoxCounter: LockedCounter {
    let box = SafeBox(0, policy: .adaptive)
    public init() {}
    @inline(__always) public func increment() { box.withLock { $0 += 1 } }
    @inline(__always) public func read() -> Int { box.withLock { $0 } }
}

public final class SafeBoxPlainCounter: LockedCounter {
    let box = SafeBox(0, policy: .plain)
    public init() {}
    @inline(__always) public func increment() { box.withLock { $0 += 1 } }
    @inline(__always) public func read() -> Int { box.withLock { $0 } }
}

public final class SafeBoxCheckedCounter: LockedCounter {
    let box = SafeBox(0, policy: .checked)
    public init() {}
    @inline(__always) public func increment() { box.withLock { $0 += 1 } }
    @inline(__always) public func read() -> Int { box.withLock { $0 } }
}

public final class SafeBoxPThreadNormalCounter: LockedCounter {
    let box = SafeBox(0, policy: .pthread(.normal))
    public init() {}
    @inline(__always) public func increment() { box.withLock { $0 += 1 } }
    @inline(__always) public func read() -> Int { box.withLock { $0 } }
}

public final class SafeBoxPThreadAdaptiveCounter: LockedCounter {
    let box = SafeBox(0, policy: .pthread(.adaptive))
    public init() {}
    @inline(__always) public func increment() { box.withLock { $0 += 1 } }
    @inline(__always) public func read() -> Int { box.withLock { $0 } }
}

public final class SafeBoxPThreadErrorCheckCounter: LockedCounter {
    let box = SafeBox(0, policy: .pthread(.errorCheck))
    public init() {}
    @inline(__always) public func increment() { box.withLock { $0 += 1 } }
    @inline(__always) public func read() -> Int { box.withLock { $0 } }
}

public final class SafeBoxPThreadPriorityInheritanceCounter: LockedCounter {
    let box = SafeBox(0, policy: .pthread(.priorityInheritance))
    public init() {}
    @inline(__always) public func increment() { box.withLock { $0 += 1 } }
    @inline(__always) public func read() -> Int { box.withLock { $0 } }
}

/// The reader-writer box: reads share the lock, writes take it alone.
public final class ReaderWriterBoxCounter: LockedCounter {
    let box = ReaderWriterBox(0)
    public init() {}
    @inline(__always) public func increment() { box.withWriteLock { $0 += 1 } }
    @inline(__always) public func read() -> Int { box.withReadLock { $0 } }
}

// MARK: - The standard library's Mutex

@available(macOS 15.0, *)
public final class StdlibMutexCounter: LockedCounter {
    let mutex = Mutex(0)
    public init() {}
    @inline(__always) public func increment() { mutex.withLock { $0 += 1 } }
    @inline(__always) public func read() -> Int { mutex.withLock { $0 } }
}

// MARK: - Raw pthread boxes (what a hand-written pthread box costs)

/// A value next to a pthread mutex of the given type, every call checked.
public class PThreadBox: @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    var value = 0

    init(type: Int32) {
        mutex = .allocate(capacity: 1)
        var attr = pthread_mutexattr_t()
        precondition(pthread_mutexattr_init(&attr) == 0)
        precondition(pthread_mutexattr_settype(&attr, type) == 0)
        precondition(pthread_mutex_init(mutex, &attr) == 0)
        precondition(pthread_mutexattr_destroy(&attr) == 0)
    }

    deinit {
        precondition(pthread_mutex_destroy(mutex) == 0)
        mutex.deallocate()
    }

    @inline(__always) public final func increment() {
        precondition(pthread_mutex_lock(mutex) == 0)
        value += 1
        precondition(pthread_mutex_unlock(mutex) == 0)
    }

    @inline(__always) public final func read() -> Int {
        precondition(pthread_mutex_lock(mutex) == 0)
        defer { precondition(pthread_mutex_unlock(mutex) == 0) }
        return value
    }
}

public final class PThreadPlainCounter: PThreadBox, LockedCounter, @unchecked Sendable {
    public required init() { super.init(type: Int32(PTHREAD_MUTEX_NORMAL)) }
}

public final class PThreadAdaptiveCounter: PThreadBox, LockedCounter, @unchecked Sendable {
    public required init() {
        #if canImport(Glibc)
        super.init(type: Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #else
        super.init(type: Int32(PTHREAD_MUTEX_NORMAL))
        #endif
    }
}

// MARK: - Library peers

public final class NIOBoxCounter: LockedCounter {
    let box = NIOLockedValueBox(0)
    public init() {}
    @inline(__always) public func increment() { box.withLockedValue { $0 += 1 } }
    @inline(__always) public func read() -> Int { box.withLockedValue { $0 } }
}

public final class NSLockCounter: LockedCounter, @unchecked Sendable {
    let lock = NSLock()
    var value = 0
    public init() {}
    @inline(__always) public func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }
    @inline(__always) public func read() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

public final class LockIsolatedCounter: LockedCounter {
    let isolated = LockIsolated(0)
    public init() {}
    @inline(__always) public func increment() { isolated.withValue { $0 += 1 } }
    @inline(__always) public func read() -> Int { isolated.value }
}

public final class DispatchQueueCounter: LockedCounter, @unchecked Sendable {
    let queue = DispatchQueue(label: "bench.counter")
    var value = 0
    public init() {}
    @inline(__always) public func increment() { queue.sync { value += 1 } }
    @inline(__always) public func read() -> Int { queue.sync { value } }
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
