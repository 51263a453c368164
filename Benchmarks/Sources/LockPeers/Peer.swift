import EngineVariants

/// Which workloads a peer takes part in.
public struct Workloads: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The counter workloads: bare (lock, `+= 1`, unlock) and with work
    /// outside the lock.
    public static let counter = Workloads(rawValue: 1 << 0)
    /// The counter, 99% reads.
    public static let readMostly = Workloads(rawValue: 1 << 1)
    /// ordo-one/synchronization-benchmarks' shapes: the 64-entry dictionary,
    /// producer/consumer acquire latency, and the starvation (Gini) view.
    public static let shapes = Workloads(rawValue: 1 << 2)
    /// The engine study: ordo-one's shapes, reported apart from the peers.
    public static let engineStudy = Workloads(rawValue: 1 << 3)
}

/// One lock in the comparison: its name in the report, a slug for command
/// lines, the workloads it joins, and the runners for each workload, built
/// by ``lock(_:_:_:_:)`` from a concrete lock type.
///
/// The runners are closures created inside a generic function called with a
/// concrete type, so the optimiser specialises every measured loop for that
/// lock: no witness-table call sits inside the loop being measured.
public struct Peer: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let slug: String
    public let workloads: Workloads

    let counterRun: @Sendable (_ threads: Int, _ workIterations: Int, _ duration: Duration, _ readPercent: Int) -> RunResult
    let uncontendedRun: (@Sendable (_ iterations: Int) -> Void)?
    let dictionaryRun: (@Sendable (DictionarySpec) -> RunResult)?
    let producerConsumerRun: (@Sendable (ProducerConsumerSpec) -> LatencyRun)?

    public var description: String { name }
    public static func == (lhs: Peer, rhs: Peer) -> Bool { lhs.slug == rhs.slug }
    public func hash(into hasher: inout Hasher) { hasher.combine(slug) }

    /// A lock peer: every workload, through `BenchLock.withLock`.
    ///
    /// ```swift
    /// .lock("SafeBox (adaptive)", "safebox", [.counter, .shapes]) { SafeBoxLock(policy: .adaptive) }
    /// ```
    public static func lock<L: BenchLock>(
        _ name: String, _ slug: String, _ workloads: Workloads, _ make: @escaping @Sendable () -> L
    ) -> Peer {
        Peer(
            name: name, slug: slug, workloads: workloads,
            counterRun: { threads, work, duration, readPercent in
                contend(make(), threads: threads, workIterations: work, duration: duration, readPercent: readPercent)
            },
            uncontendedRun: { iterations in uncontendedLoop(make(), iterations: iterations) },
            dictionaryRun: { spec in contendDictionary(make(), spec) },
            producerConsumerRun: { spec in measureProducerConsumer(make(), spec) })
    }

    /// A peer of the engine study: one variant of SafeBox's lock engine
    /// (Sources/EngineVariants), called out of line through its entry points.
    ///
    /// ```swift
    /// let peer = Peer.engineVariant("engine: 5 tries", "engine-tries5", ev_tries5_engine)
    /// ```
    public static func engineVariant(_ name: String, _ slug: String, _ variant: ev_engine) -> Peer {
        .lock(name, slug, [.engineStudy]) { EngineVariantLock(variant) }
    }

    /// A peer that can only count (counter workloads): it cannot guard a
    /// dictionary.
    ///
    /// ```swift
    /// .counter("ManagedAtomic (floor)", "atomic") { ManagedAtomicCounter() }
    /// ```
    public static func counter<C: LockedCounter>(
        _ name: String, _ slug: String, _ make: @escaping @Sendable () -> C
    ) -> Peer {
        Peer(
            name: name, slug: slug, workloads: [.counter],
            counterRun: { threads, work, duration, readPercent in
                contend(make(), threads: threads, workIterations: work, duration: duration, readPercent: readPercent)
            },
            uncontendedRun: { iterations in uncontendedLoop(make(), iterations: iterations) },
            dictionaryRun: nil, producerConsumerRun: nil)
    }

    /// Every lock in the comparison, in report order. Adding a peer is one
    /// line here (plus, for a new kind of lock, its `BenchLock` type in
    /// Peers.swift).
    public static let all: [Peer] = [
        .lock("SafeBox (adaptive)", "safebox", [.counter, .readMostly, .shapes]) { SafeBoxLock(policy: .adaptive) },
        .lock("SafeBox (plain)", "safebox-plain", [.counter, .shapes]) { SafeBoxLock(policy: .plain) },
        .lock("SafeBox (checked)", "safebox-checked", [.counter]) { SafeBoxLock(policy: .checked) },
        .lock("SafeBox (pthread normal)", "safebox-pthread-normal", [.counter, .shapes]) { SafeBoxLock(policy: .pthread(.normal)) },
        .lock("SafeBox (pthread adaptive)", "safebox-pthread-adaptive", [.counter, .shapes]) { SafeBoxLock(policy: .pthread(.adaptive)) },
        .lock("SafeBox (pthread errorCheck)", "safebox-pthread-errorcheck", [.counter]) { SafeBoxLock(policy: .pthread(.errorCheck)) },
        .lock("SafeBox (pthread priorityInheritance)", "safebox-pthread-pi", [.counter, .shapes]) { SafeBoxLock(policy: .pthread(.priorityInheritance)) },
        .lock("ReaderWriterBox", "rwbox", [.readMostly]) { ReaderWriterBoxLock() },
        .lock("Mutex (stdlib)", "mutex", [.counter, .readMostly, .shapes]) { StdlibMutexLock() },
        .lock("Mutex (next)", "mutex-next", [.counter, .readMostly, .shapes]) { MutexNextLock() },
        .lock("pthread adaptive", "pthread-adaptive", [.counter, .readMostly, .shapes]) { PThreadLock(.adaptive) },
        .lock("pthread box", "pthread-plain", [.counter]) { PThreadLock(.normal) },
        .lock("pthread errorCheck box", "pthread-errorcheck", [.counter]) { PThreadLock(.errorCheck) },
        .lock("pthread priorityInheritance box", "pthread-pi", [.counter]) { PThreadLock(.priorityInheritance) },
        .lock("NIOLockedValueBox", "nio", [.counter, .readMostly, .shapes]) { NIOBoxLock() },
        .lock("NSLock", "nslock", [.counter]) { NSLockLock() },
        .counter("LockIsolated", "lockisolated") { LockIsolatedCounter() },
        .lock("DispatchQueue.sync", "dispatch", [.counter]) { DispatchQueueLock() },
        actor,
        .counter("ManagedAtomic (floor)", "atomic") { ManagedAtomicCounter() },
        // The engine study: SafeBox's engine with other constants, and the
        // first engine (out of line).
        .engineVariant("engine: shipped (subtract release, fairness asked after 1 ms, hand-offs 1 ms apart, parked until woken)", "engine-shipped", ev_shipped_engine),
        .engineVariant("engine: fetch-sub release, old value tested", "engine-fetchsub", ev_fetchsub_engine),
        .engineVariant("engine: first (compare-exchange release, releaser hand-off every ~250 µs)", "engine-first", ev_first_engine),
        .engineVariant("engine: compare-exchange release", "engine-casrelease", ev_casrelease_engine),
        .engineVariant("engine: no fairness", "engine-nohandoff", ev_nohandoff_engine),
        .engineVariant("engine: fairness asked after 250 µs", "engine-fair250us", ev_fair250us_engine),
        .engineVariant("engine: hand-offs back to back", "engine-backtoback", ev_backtoback_engine),
        .engineVariant("engine: parked waiters wake to ask", "engine-timedpark", ev_timedpark_engine),
        .engineVariant("engine: keep spinning past parked threads", "engine-keepspinning", ev_keepspinning_engine),
        .engineVariant("engine: pause before joining parked threads", "engine-pausefirst", ev_pausefirst_engine),
        .engineVariant("engine: spin looks before it compare-exchanges", "engine-looksfirst", ev_looksfirst_engine),
        .engineVariant("engine: 5 tries", "engine-tries5", ev_tries5_engine),
        .engineVariant("engine: Mutex (next)'s, out of line", "engine-mutexnext", ev_mutexnext_engine),
    ]

    /// The actor peer: tasks on the cooperative pool, one `await` per
    /// operation; counter workloads only (no synchronous entry point).
    static let actor = Peer(
        name: "actor", slug: "actor", workloads: [.counter],
        counterRun: { threads, work, duration, _ in contendActor(tasks: threads, workIterations: work, duration: duration) },
        uncontendedRun: nil, dictionaryRun: nil, producerConsumerRun: nil)

    /// The peer with this slug, or nil.
    public init?(slug: String) {
        guard let peer = Peer.all.first(where: { $0.slug == slug }) else { return nil }
        self = peer
    }

    private init(
        name: String, slug: String, workloads: Workloads,
        counterRun: @escaping @Sendable (Int, Int, Duration, Int) -> RunResult,
        uncontendedRun: (@Sendable (Int) -> Void)?,
        dictionaryRun: (@Sendable (DictionarySpec) -> RunResult)?,
        producerConsumerRun: (@Sendable (ProducerConsumerSpec) -> LatencyRun)?
    ) {
        self.name = name
        self.slug = slug
        self.workloads = workloads
        self.counterRun = counterRun
        self.uncontendedRun = uncontendedRun
        self.dictionaryRun = dictionaryRun
        self.producerConsumerRun = producerConsumerRun
    }

    /// The peers the report names by role.
    public static let safeBox = Peer(slug: "safebox")!
    public static let stdlibMutex = Peer(slug: "mutex")!
    public static let mutexNext = Peer(slug: "mutex-next")!
    public static let pthreadAdaptive = Peer(slug: "pthread-adaptive")!
    public static let nioLockedValueBox = Peer(slug: "nio")!

    /// Each SafeBox pthread policy with the plain pthread box of the same
    /// kind, which the report holds it against.
    public static let pthreadPolicyPairs: [(policy: Peer, plain: Peer)] = [
        (Peer(slug: "safebox-pthread-normal")!, Peer(slug: "pthread-plain")!),
        (Peer(slug: "safebox-pthread-adaptive")!, Peer(slug: "pthread-adaptive")!),
        (Peer(slug: "safebox-pthread-errorcheck")!, Peer(slug: "pthread-errorcheck")!),
        (Peer(slug: "safebox-pthread-pi")!, Peer(slug: "pthread-pi")!),
    ]

    /// The peers that join `workload`, in report order.
    public static func joining(_ workload: Workloads) -> [Peer] {
        all.filter { $0.workloads.contains(workload) }
    }

    /// Runs the counter workload: `threads` threads, `workIterations` of
    /// `workOutsideLock` between acquisitions, for `duration`.
    public func contention(
        threads: Int, workIterations: Int, duration: Duration, readPercent: Int = 0
    ) -> RunResult {
        counterRun(threads, workIterations, duration, readPercent)
    }

    /// Runs `iterations` uncontended increments (no timing, no stop flag):
    /// what the callgrind instruction count and the package-benchmark suite
    /// measure. Returns false for the actor, which has no synchronous entry
    /// point.
    @discardableResult
    public func uncontended(iterations: Int) -> Bool {
        guard let uncontendedRun else { return false }
        uncontendedRun(iterations)
        return true
    }

    /// Runs the dictionary workload, or nil if this peer cannot guard a
    /// dictionary.
    public func dictionary(_ spec: DictionarySpec) -> RunResult? { dictionaryRun?(spec) }

    /// Runs the producer/consumer workload, or nil if this peer cannot.
    public func producerConsumer(_ spec: ProducerConsumerSpec) -> LatencyRun? { producerConsumerRun?(spec) }
}
