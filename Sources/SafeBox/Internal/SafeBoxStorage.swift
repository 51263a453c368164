import CPThreadShim

/// The one heap block behind a ``SafeBox``: the lock, then the value, the
/// block aligned to a cache line.
///
/// Why one block: a thread that takes a contended lock must pull the lock
/// word's cache line from the core that released it, and then the value's.
/// With the value in its own allocation that is two cache-line transfers per
/// hand-over; with a small value right after the lock word it is one. On a
/// machine whose cores are far apart (a VM whose vCPUs the host placed on
/// distant cores: a ~330 ns round trip instead of ~95 ns here) the second
/// transfer cost more than the lock itself. `Mutex` stores its value next to
/// its lock word for the same reason.
enum SafeBoxStorage {
    /// Cache-line size on x86-64 and most arm64 cores.
    static let cacheLine = 64

    /// Where the value starts: just past the lock (and, for a pthread
    /// policy, the pthread mutex after it), at the value's alignment.
    static func valueOffset<Value: ~Copyable>(for _: Value.Type, policy: SafeBoxPolicy) -> Int {
        let alignment = MemoryLayout<Value>.alignment
        let lockSize = policy.pthreadKind == nil
            ? MemoryLayout<cpts_lock_t>.size : MemoryLayout<cpts_pthread_backed_lock_t>.size
        return (lockSize + alignment - 1) / alignment * alignment
    }

    /// Allocates an uninitialised block for a lock and a `Value`.
    static func allocate<Value: ~Copyable>(for type: Value.Type, policy: SafeBoxPolicy) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer.allocate(
            byteCount: valueOffset(for: type, policy: policy) + MemoryLayout<Value>.size,
            alignment: max(cacheLine, MemoryLayout<Value>.alignment)
        )
    }

    /// The value's place in `block`.
    static func value<Value: ~Copyable>(
        in block: UnsafeMutableRawPointer, as type: Value.Type, policy: SafeBoxPolicy
    ) -> UnsafeMutablePointer<Value> {
        (block + valueOffset(for: type, policy: policy)).bindMemory(to: Value.self, capacity: 1)
    }

    /// Frees a block whose lock and value are already deinitialised.
    static func deallocate(_ lock: UnsafeMutablePointer<cpts_lock_t>) {
        UnsafeMutableRawPointer(lock).deallocate()
    }
}
