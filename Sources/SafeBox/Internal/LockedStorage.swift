import CPThreadShim

// Every allocation, layout computation, initialisation and teardown of box
// memory in SafeBox lives in this file (as swift-nio keeps `LockStorage`'s
// `ManagedBuffer` in one place). The lock types elsewhere only hand the
// typed pointers they are given to the C engine.

/// The one heap block behind a ``SafeBox`` or a ``ReaderWriterBox``: the
/// lock, then the value, the block aligned to a cache line. Noncopyable, so
/// exactly one owner initialises it and exactly one `deinit` tears it down.
///
/// Why one block: a thread that takes a contended lock must pull the lock
/// word's cache line from the core that released it, and then the value's.
/// With the value in its own allocation that is two cache-line transfers per
/// hand-over; with a small value right after the lock word it is one. On a
/// machine whose cores are far apart (a VM whose vCPUs the host placed on
/// distant cores: a ~330 ns round trip instead of ~95 ns here) the second
/// transfer cost more than the lock itself. `Mutex` stores its value next to
/// its lock word for the same reason.
@usableFromInline
struct LockedStorage<Lock: StorageLock, Value: ~Copyable>: ~Copyable {
    /// The start of the block, where the lock lives.
    @usableFromInline
    let block: UnsafeMutableRawPointer

    @usableFromInline
    let value: UnsafeMutablePointer<Value>

    /// The lock at the start of the block: a view that owns nothing.
    @inlinable
    var lock: Lock { Lock(viewing: block) }

    /// Allocates the block, initialises the lock for `configuration`, and
    /// moves `initialValue` in after it.
    @usableFromInline
    init(_ initialValue: consuming sending Value, _ configuration: Lock.Configuration) {
        let offset = Self.valueOffset(configuration)
        block = UnsafeMutableRawPointer.allocate(
            byteCount: offset + MemoryLayout<Value>.size,
            alignment: max(Self.cacheLine, MemoryLayout<Value>.alignment)
        )
        Lock.initialize(at: block, configuration)
        value = (block + offset).bindMemory(to: Value.self, capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        Lock.deinitialize(at: block)
        block.deallocate()
    }

    /// Cache-line size on x86-64 and most arm64 cores.
    static var cacheLine: Int { 64 }

    /// Where the value starts: just past the lock, at the value's alignment.
    static func valueOffset(_ configuration: Lock.Configuration) -> Int {
        let alignment = MemoryLayout<Value>.alignment
        return (Lock.size(configuration) + alignment - 1) / alignment * alignment
    }

    /// Calls `body` with the value for mutation; the caller holds the lock
    /// exclusively.
    @inlinable
    func withValue<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try body(&value.pointee)
    }

    /// Evaluates a condition wait's predicate on the value; the caller holds
    /// the lock exclusively.
    @inlinable
    func evaluate(_ condition: (inout sending Value) -> Bool) -> Bool {
        condition(&value.pointee)
    }
}

// Shared reads only of Sendable values: readers run at the same time on
// different threads, all seeing the same value (see ReaderWriterBox).
extension LockedStorage where Value: Sendable & ~Copyable {
    /// Calls `body` with the value for reading; the caller holds at least a
    /// shared lock.
    @inlinable
    func readValue<Result: ~Copyable, E: Error>(
        _ body: (borrowing Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try body(value.pointee)
    }
}

// The one unchecked conformance behind both boxes: every access to the value
// goes through `withValue`, `evaluate` or `readValue`, which the boxes call
// only with the lock held (exclusively, or shared for a `Sendable` value), and
// the box's API takes and returns values `sending`.
extension LockedStorage: @unchecked Sendable where Value: ~Copyable {}

/// A lock that can live at the start of a ``LockedStorage`` block: it says
/// how many bytes it needs, initialises and deinitialises them, and views
/// them. Only ``LockedStorage`` initialises and deinitialises; the
/// conformances are in this file.
///
/// (The storage keeps the raw block and makes a view on each use rather
/// than storing one: with a stored property of the generic lock type,
/// Swift 6.3.1 skipped the storage's `deinit` when a box was destroyed, and
/// SafeBoxBehaviorTests' destruction tests caught it.)
@usableFromInline
protocol StorageLock {
    associatedtype Configuration

    /// Bytes the lock needs at the start of the block (which is aligned to
    /// a cache line, enough for any lock).
    static func size(_ configuration: Configuration) -> Int

    /// Initialises a lock in the uninitialised memory at `block`.
    static func initialize(at block: UnsafeMutableRawPointer, _ configuration: Configuration)

    /// Deinitialises the lock at `block`; the storage frees the block after.
    static func deinitialize(at block: UnsafeMutableRawPointer)

    /// A view of the initialised lock at `block`.
    init(viewing block: UnsafeMutableRawPointer)
}

// MARK: - SafeBox's lock

extension MutexCell: StorageLock {
    /// The 8-byte header, then a lock word, or a pthread condition and
    /// mutex (which then ends where the value begins, on the block's second
    /// cache line).
    @usableFromInline
    static func size(_ policy: SafeBoxPolicy) -> Int {
        lockOffset
            + (policy.pthreadKind == nil ? MemoryLayout<cpts_lock_t>.size : MemoryLayout<cpts_pthread_lock_t>.size)
    }

    /// Writes the header (which lock follows; nobody waiting), then initialises a
    /// `cpts_lock_t` for a lock-word policy or a `cpts_pthread_lock_t` for a
    /// pthread policy at ``MutexCell/lockOffset``.
    @usableFromInline
    static func initialize(at block: UnsafeMutableRawPointer, _ policy: SafeBoxPolicy) {
        block.storeBytes(of: 0, as: UInt64.self)
        block.storeBytes(of: header(for: policy), as: UInt8.self)
        if let kind = policy.pthreadKind {
            let pthread = (block + lockOffset).bindMemory(to: cpts_pthread_lock_t.self, capacity: 1)
            pthread.initialize(to: cpts_pthread_lock_t())
            pthread.pointer(to: \.kind)!.pointee = kind.mutexKind
            PThreadLockOperations.create(pthread, kind: kind)
        } else if let engine = policy.lockWordPolicy {
            let word = (block + lockOffset).bindMemory(to: cpts_lock_t.self, capacity: 1)
            word.initialize(to: cpts_lock_t())
            cpts_lock_init(word, engine)
            if case .adaptive(let tuning) = policy.kind {
                cpts_lock_tune(word, tuning.spinTries, tuning.handOffAfterMicroseconds)
            }
        }
    }

    @usableFromInline
    static func deinitialize(at block: UnsafeMutableRawPointer) {
        let cell = MutexCell(viewing: block)
        // A box is destroyed only when nothing borrows it, so a held lock
        // here means a lock()/unlock() imbalance inside the module.
        if cell.ownership != .free { LockMisuse.destroyedWhileLocked.stop() }
        if let pthread = cell.pthreadLock {
            PThreadLockOperations.destroy(pthread)
            pthread.deinitialize(count: 1)
        } else {
            cell.state.deinitialize(count: 1)
        }
    }

    @inlinable
    init(viewing block: UnsafeMutableRawPointer) {
        self.init(block: block)
    }

    /// How this lock waits when contended. The fields never change after
    /// initialisation; each is read through its own pointer, never as part
    /// of `state.pointee`, which would overlap atomic operations on the word.
    var tuning: SafeBoxPolicy.Tuning {
        SafeBoxPolicy.Tuning(
            spinTries: state.pointer(to: \.spin_limit)!.pointee,
            handOffAfterMicroseconds: state.pointer(to: \.fair_after_us)!.pointee)
    }
}

// MARK: - ReaderWriterBox's lock

/// What a ``ReaderWriterBox``'s block starts with: the rwlock, the
/// preference it was made with, and (debug builds) who holds read locks.
@usableFromInline
struct ReaderWriterHeader {
    var rwlock: cpts_rwlock_t
    let prefersWriters: Bool
    #if DEBUG
    let readers: ReaderRegistry
    #endif
}

extension ReaderWriterLockCell: StorageLock {
    @usableFromInline
    static func size(_: ReaderWriterPreference) -> Int {
        MemoryLayout<ReaderWriterHeader>.size
    }

    @usableFromInline
    static func initialize(at block: UnsafeMutableRawPointer, _ preference: ReaderWriterPreference) {
        let header = block.bindMemory(to: ReaderWriterHeader.self, capacity: 1)
        #if DEBUG
        header.initialize(to: ReaderWriterHeader(
            rwlock: cpts_rwlock_t(), prefersWriters: preference == .writers, readers: ReaderRegistry()))
        #else
        header.initialize(to: ReaderWriterHeader(rwlock: cpts_rwlock_t(), prefersWriters: preference == .writers))
        #endif
        PThreadFailure.check(
            cpts_rwlock_init(header.pointer(to: \.rwlock)!, preference == .writers), "pthread_rwlock_init")
    }

    @usableFromInline
    static func deinitialize(at block: UnsafeMutableRawPointer) {
        let header = block.assumingMemoryBound(to: ReaderWriterHeader.self)
        PThreadFailure.check(cpts_rwlock_destroy(header.pointer(to: \.rwlock)!), "pthread_rwlock_destroy")
        header.deinitialize(count: 1)
    }

    @usableFromInline
    init(viewing block: UnsafeMutableRawPointer) {
        self.init(header: block.assumingMemoryBound(to: ReaderWriterHeader.self))
    }

    /// Each field through a pointer of its own, never `header.pointee`: a
    /// read of the whole header would overlap other threads' changes to
    /// the rwlock inside it.
    var rwlock: UnsafeMutablePointer<cpts_rwlock_t> { header.pointer(to: \.rwlock)! }
    var prefersWriters: Bool { header.pointer(to: \.prefersWriters)!.pointee }
    #if DEBUG
    var readers: ReaderRegistry { header.pointer(to: \.readers)!.pointee }
    #endif
}

// MARK: - The pthread mutex behind a pthread policy

extension PThreadLockOperations {
    @inlinable
    static func mutex(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>) -> UnsafeMutablePointer<cpts_mutex_t> {
        lock.pointer(to: \.mutex)!
    }

    static func condition(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>) -> UnsafeMutablePointer<cpts_cond_t> {
        lock.pointer(to: \.condition)!
    }

    /// The kind the mutex was created with (set once, before any thread
    /// could see the lock). Through a pointer to the field: `lock.pointee`
    /// would read the whole lock while other threads change its mutex.
    static func kind(_ lock: UnsafeMutablePointer<cpts_pthread_lock_t>) -> SafeBoxPolicy.PThreadKind {
        SafeBoxPolicy.PThreadKind(lock.pointer(to: \.kind)!.pointee)
    }
}
