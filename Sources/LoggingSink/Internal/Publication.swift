internal import CLoggingSinkSupport
import SafeBox
import Synchronization

/// The lock-free publication of a sink's ``Handler``: the only unsafe code
/// in LoggingSink.
///
/// ## The problem
/// A log call must find the current handler and call it while another
/// thread may replace (and want to free) it, and it must do so without
/// writing to memory other threads write: a lock or a shared reference count
/// turns every log call into cache-line ping-pong between cores.
///
/// ## The scheme: hazard pointers with an asymmetric fence
/// - The handler is published as a +1 retained pointer in an `Atomic`, or
///   as 0 while nothing has been installed: readers then call
///   `Handler.standardOutput`, which is never freed and so needs no hazard.
///   (0 is what lets `LogSink.init(label:minimumLevel:)` store only
///   constants.) The retired list never holds 0.
/// - A reader announces the pointer it is about to call in a slot of its
///   own thread's record (`lsk_reader`, C thread-local), then re-reads the
///   published pointer; if it changed, it announces the new one and retries.
///   Once the two agree, the handler cannot be freed until the slot is
///   cleared. The reader calls it borrowed (no retain), then clears the slot.
/// - A writer swaps in the new handler and appends the old one to
///   `retired`, all under one SafeBox. Every `reclaimBatch` retirements it
///   issues membarrier, which makes every thread's earlier slot stores
///   visible, scans all slots, and frees the retired handlers no slot
///   names. The others wait for the next scan.
///
/// Why a reader cannot call a freed handler: the reader's slot store comes
/// before its re-read, the writer's swap before its scan, and membarrier
/// orders the two pairs. So either the scan sees the slot (the handler is
/// kept) or the re-read sees the swap (the reader retries and never touches
/// the old handler). Reusing an address (ABA) is harmless: the reader only
/// uses a handler it has just seen published.
///
/// ## Memory bound
/// Scanning costs a membarrier (about half a microsecond), so replacements
/// retire handlers in batches: the scan runs once `reclaimBatch` handlers
/// are waiting, and whenever a sink is deinitialised. A scan frees every
/// retired handler no slot names. There are `LSK_SLOTS` slots per thread
/// record and one record per thread that has ever logged concurrently
/// (records of exited threads are reused, never freed), so at most
/// `reclaimBatch + LSK_SLOTS x records` replaced handlers exist at any time.
///
/// ## Exactly one sink per message
/// A reader calls exactly the handler it validated: the old one or the new
/// one, never both, never none.
///
/// ## Nesting
/// A sink that logs uses the next slot. Past `LSK_SLOTS` levels, a reader
/// takes `retired`'s lock just long enough to retain the current handler,
/// then calls it with no lock held.
enum Publication {
    /// Handlers replaced but possibly still being called, as bit patterns
    /// of their +1 pointers. Guarded by the SafeBox, which also serialises
    /// writers and the deep-nesting slow path.
    static let retired = SafeBox<[UInt]>([])

    /// Retired handlers that trigger a scan.
    static let reclaimBatch = 16

    /// A hazard slot of the calling thread and the handler it protects:
    /// while the pin lives, no writer frees that handler. Noncopyable, so
    /// the slot is withdrawn exactly once: by ``call(_:)``, which consumes
    /// the pin after the handler returns, or by `deinit` if a pin is dropped
    /// unused. The handler is borrowed, never retained.
    struct Pin: ~Copyable {
        let reader: UnsafeMutablePointer<lsk_reader>
        let depth: UInt32
        let handler: Unmanaged<Handler>

        /// Calls the protected handler, then withdraws the hazard.
        @inline(__always)
        consuming func call(_ body: (Handler) -> Void) {
            handler._withUnsafeGuaranteedRef(body)
            exit()
        }

        /// Withdraws the hazard; `self` is used up, so nothing can touch
        /// the handler afterwards.
        @inline(__always)
        consuming func exit() {
            withdraw()
            discard self
        }

        deinit { withdraw() }

        @inline(__always)
        private func withdraw() {
            lsk_reader_release(reader, depth)
            lsk_reader_set_depth(reader, depth)
        }
    }

    /// Protects the handler published in `current` with a hazard slot of
    /// the calling thread, or returns nil when the thread's slots are all in
    /// use (deep nesting). Straight-line code, no closures: a closure here
    /// made Swift retain the sink and the message around the call.
    @inline(__always)
    static func enter(_ current: borrowing Atomic<UInt>) -> Pin? {
        let reader = lsk_reader_current().unsafelyUnwrapped
        let depth = lsk_reader_depth(reader)
        guard _fastPath(depth < LSK_SLOTS) else { return nil }
        lsk_reader_set_depth(reader, depth + 1)
        var pointer = current.load(ordering: .acquiring)
        while true {
            lsk_reader_protect(reader, depth, pointer)
            let again = current.load(ordering: .acquiring)
            if _fastPath(again == pointer) { break }
            pointer = again
        }
        return Pin(reader: reader, depth: depth, handler: handler(at: pointer))
    }

    /// The handler a published pointer names, borrowed: the default printer
    /// for 0 (immortal, so an unretained reference is safe without a hazard).
    @inline(__always)
    static func handler(at pointer: UInt) -> Unmanaged<Handler> {
        guard let raw = UnsafeRawPointer(bitPattern: pointer) else {
            return defaultHandler()
        }
        return Unmanaged<Handler>.fromOpaque(raw)
    }

    /// The slow path for sinks nested deeper than the hazard slots: retain
    /// the current handler under the writers' lock; the caller calls it
    /// after the lock is released.
    @inline(never)
    static func retainCurrent(_ current: borrowing Atomic<UInt>) -> Handler {
        retired.withLock { _ in
            handler(at: current.load(ordering: .acquiring)).takeUnretainedValue()
        }
    }

    /// Out of line: the default handler is a lazily created global, and its
    /// one-time initialisation check belongs off the hot path's straight line.
    @inline(never)
    static func defaultHandler() -> Unmanaged<Handler> {
        Unmanaged.passUnretained(Handler.standardOutput)
    }

    /// Publishes a new handler; every `reclaimBatch` replacements, frees
    /// the retired handlers no reader holds.
    /// Old handlers are released after the lock is dropped: releasing a
    /// closure may run deinits that log.
    static func replace(_ current: borrowing Atomic<UInt>, with handler: Handler) {
        let fresh = initial(handler)
        let unused = retired.withLock { retired -> [UInt] in
            let old = current.exchange(fresh, ordering: .acquiringAndReleasing)
            // 0 (nothing installed yet) names the immortal default handler.
            if old != 0 { retired.append(old) }
            return retired.count >= reclaimBatch ? collect(&retired) : []
        }
        release(unused)
    }

    /// The handler to publish first.
    static func initial(_ handler: Handler) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(handler).toOpaque())
    }

    /// Drops the publication's reference when its sink is deinitialised.
    /// No reader can be inside the sink then (a reader holds the sink), but
    /// a stale hazard may not: route it through `retired` like a replacement.
    static func retire(_ pointer: UInt) {
        guard pointer != 0 else { return }  // the default handler is never freed
        let unused = retired.withLock { retired -> [UInt] in
            retired.append(pointer)
            return collect(&retired)
        }
        release(unused)
    }

    /// Removes and returns the retired handlers no hazard slot names.
    /// Called with `retired` locked.
    private static func collect(_ retired: inout [UInt]) -> [UInt] {
        lsk_writer_barrier()
        var named: [UInt] = []
        var record = lsk_reader_registry()
        while let reader = record {
            for slot in 0..<UInt32(LSK_SLOTS) {
                let pointer = lsk_reader_slot(reader, slot)
                if pointer != 0 { named.append(UInt(pointer)) }
            }
            record = lsk_reader_next(reader)
        }
        var unused: [UInt] = []
        retired.removeAll { pointer in
            if named.contains(pointer) { return false }
            unused.append(pointer)
            return true
        }
        return unused
    }

    private static func release(_ pointers: [UInt]) {
        for pointer in pointers {
            guard let raw = UnsafeRawPointer(bitPattern: pointer) else { continue }
            Unmanaged<Handler>.fromOpaque(raw).release()
        }
    }

    /// How many replaced handlers are still waiting for readers (for tests
    /// of the memory bound).
    static var retiredCount: Int { retired.withLock { $0.count } }

    /// Peak number of thread records (for tests of the memory bound).
    static var threadRecordCount: Int { lsk_reader_record_count() }
}
