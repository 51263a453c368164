/// Every lock in the comparison, by the name the report prints.
public enum Peer: String, CaseIterable, Sendable {
    case safeBox = "SafeBox (adaptive)"
    case safeBoxPlain = "SafeBox (plain)"
    case safeBoxChecked = "SafeBox (checked)"
    case safeBoxPThreadNormal = "SafeBox (pthread normal)"
    case safeBoxPThreadAdaptive = "SafeBox (pthread adaptive)"
    case safeBoxPThreadErrorCheck = "SafeBox (pthread errorCheck)"
    case safeBoxPThreadPriorityInheritance = "SafeBox (pthread priorityInheritance)"
    case readerWriterBox = "ReaderWriterBox"
    case stdlibMutex = "Mutex (stdlib)"
    case pthreadAdaptive = "pthread adaptive"
    case pthreadPlain = "pthread box"
    case nioLockedValueBox = "NIOLockedValueBox"
    case nsLock = "NSLock"
    case lockIsolated = "LockIsolated"
    case dispatchQueue = "DispatchQueue.sync"
    case actor = "actor"
    case managedAtomic = "ManagedAtomic (floor)"

    /// A short identifier for command lines and file names.
    public var slug: String {
        switch self {
        case .safeBox: "safebox"
        case .safeBoxPlain: "safebox-plain"
        case .safeBoxChecked: "safebox-checked"
        case .safeBoxPThreadNormal: "safebox-pthread-normal"
        case .safeBoxPThreadAdaptive: "safebox-pthread-adaptive"
        case .safeBoxPThreadErrorCheck: "safebox-pthread-errorcheck"
        case .safeBoxPThreadPriorityInheritance: "safebox-pthread-pi"
        case .readerWriterBox: "rwbox"
        case .stdlibMutex: "mutex"
        case .pthreadAdaptive: "pthread-adaptive"
        case .pthreadPlain: "pthread-plain"
        case .nioLockedValueBox: "nio"
        case .nsLock: "nslock"
        case .lockIsolated: "lockisolated"
        case .dispatchQueue: "dispatch"
        case .actor: "actor"
        case .managedAtomic: "atomic"
        }
    }

    public init?(slug: String) {
        guard let peer = Peer.allCases.first(where: { $0.slug == slug }) else { return nil }
        self = peer
    }

    /// Runs the contention workload against this peer.
    ///
    /// This switch and the one in `uncontended(iterations:)` name every
    /// counter type on purpose: a call with a concrete type lets the
    /// optimizer specialize the generic loop, while opening an
    /// `any LockedCounter.Type` would leave witness-table calls inside the
    /// very loop being measured.
    public func contention(
        threads: Int, workIterations: Int, duration: Duration, readPercent: Int = 0
    ) -> RunResult {
        func run<C: LockedCounter>(_ type: C.Type) -> RunResult {
            contend(type, threads: threads, workIterations: workIterations, duration: duration, readPercent: readPercent)
        }
        switch self {
        case .safeBox: return run(SafeBoxCounter.self)
        case .safeBoxPlain: return run(SafeBoxPlainCounter.self)
        case .safeBoxChecked: return run(SafeBoxCheckedCounter.self)
        case .safeBoxPThreadNormal: return run(SafeBoxPThreadNormalCounter.self)
        case .safeBoxPThreadAdaptive: return run(SafeBoxPThreadAdaptiveCounter.self)
        case .safeBoxPThreadErrorCheck: return run(SafeBoxPThreadErrorCheckCounter.self)
        case .safeBoxPThreadPriorityInheritance: return run(SafeBoxPThreadPriorityInheritanceCounter.self)
        case .readerWriterBox: return run(ReaderWriterBoxCounter.self)
        case .stdlibMutex: return run(StdlibMutexCounter.self)
        case .pthreadAdaptive: return run(PThreadAdaptiveCounter.self)
        case .pthreadPlain: return run(PThreadPlainCounter.self)
        case .nioLockedValueBox: return run(NIOBoxCounter.self)
        case .nsLock: return run(NSLockCounter.self)
        case .lockIsolated: return run(LockIsolatedCounter.self)
        case .dispatchQueue: return run(DispatchQueueCounter.self)
        case .actor: return contendActor(tasks: threads, workIterations: workIterations, duration: duration)
        case .managedAtomic: return run(ManagedAtomicCounter.self)
        }
    }

    /// Runs `iterations` uncontended increments (no timing, no stop flag):
    /// what the callgrind instruction count and the package-benchmark
    /// suite measure. Returns false for the actor, which has no synchronous
    /// entry point.
    @discardableResult
    public func uncontended(iterations: Int) -> Bool {
        func run<C: LockedCounter>(_ type: C.Type) -> Bool {
            let counter = C()
            uncontendedLoop(counter, iterations: iterations)
            precondition(counter.read() == iterations)
            return true
        }
        switch self {
        case .safeBox: return run(SafeBoxCounter.self)
        case .safeBoxPlain: return run(SafeBoxPlainCounter.self)
        case .safeBoxChecked: return run(SafeBoxCheckedCounter.self)
        case .safeBoxPThreadNormal: return run(SafeBoxPThreadNormalCounter.self)
        case .safeBoxPThreadAdaptive: return run(SafeBoxPThreadAdaptiveCounter.self)
        case .safeBoxPThreadErrorCheck: return run(SafeBoxPThreadErrorCheckCounter.self)
        case .safeBoxPThreadPriorityInheritance: return run(SafeBoxPThreadPriorityInheritanceCounter.self)
        case .readerWriterBox: return run(ReaderWriterBoxCounter.self)
        case .stdlibMutex: return run(StdlibMutexCounter.self)
        case .pthreadAdaptive: return run(PThreadAdaptiveCounter.self)
        case .pthreadPlain: return run(PThreadPlainCounter.self)
        case .nioLockedValueBox: return run(NIOBoxCounter.self)
        case .nsLock: return run(NSLockCounter.self)
        case .lockIsolated: return run(LockIsolatedCounter.self)
        case .dispatchQueue: return run(DispatchQueueCounter.self)
        case .actor: return false
        case .managedAtomic: return run(ManagedAtomicCounter.self)
        }
    }
}
