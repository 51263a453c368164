import CPThreadShim

/// How a ``SafeBox``'s lock behaves under contention and misuse, chosen once
/// when the box is created; no call site changes.
///
/// ```swift
/// let hot = SafeBox(0, policy: .adaptive)      // short critical sections, many threads
/// let io = SafeBox(Buffer(), policy: .plain)   // long critical sections: never spin
/// let dev = SafeBox(State(), policy: .checked) // stop on re-entry instead of hanging
/// ```
///
/// The first three policies share SafeBox's own lock engine (a lock word
/// with an inlined compare-exchange fast path and a futex behind it), so they
/// differ only where it matters:
///
/// | policy | uncontended cost | contended | misuse |
/// |---|---|---|---|
/// | ``adaptive`` | two inlined compare-exchanges | spins briefly, then sleeps | deadlocks silently, like `Mutex` |
/// | ``plain`` | two inlined compare-exchanges | sleeps at once | deadlocks silently, like `Mutex` |
/// | ``checked`` | two short calls into the engine | spins briefly, then sleeps | stops with a message naming the misuse |
/// | ``pthread(_:)`` | two calls into libc | as the pthread mutex kind does | as the kind does (see ``PThreadKind``) |
///
/// ``default`` is ``checked`` in debug builds of SafeBox and ``adaptive`` in
/// release builds: tests catch re-entry, shipped code pays nothing for it.
/// ``adaptive(spinTries:handOffEvery:)`` tunes how long an adaptive lock
/// spins and how long a sleeping thread waits before it asks for the lock.
///
/// Pick ``pthread(_:)`` when something outside your code must understand
/// the lock: real-time threads that need priority inheritance
/// (``PThreadKind/priorityInheritance``), or tools that know pthread
/// mutexes and not SafeBox's lock word (valgrind's helgrind and DRD, rr,
/// gdb's lock inspection). Those boxes behave exactly as the pthread mutex
/// kind documents, with every return code checked: a failure stops the
/// process with a message such as "pthread_mutex_unlock failed: EPERM
/// (unlocking a SafeBox this thread does not hold)".
public struct SafeBoxPolicy: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Sendable, Hashable {
        case adaptive(Tuning)
        case plain, checked
        case pthread(PThreadKind)
    }

    /// How an adaptive lock waits: looks at the word before parking, and how
    /// long a parked thread waits, in microseconds, before it asks for a
    /// hand-off (`CPTS_LOCK_NO_HANDOFF`: never).
    @usableFromInline
    struct Tuning: Sendable, Hashable {
        let spinTries: UInt32
        let handOffAfterMicroseconds: UInt32

        /// The engine's defaults, which ``adaptive`` and ``checked`` use.
        static let standard = Tuning(spinTries: CPTS_SPIN_TRIES, handOffAfterMicroseconds: CPTS_FAIR_AFTER_US)
    }

    @usableFromInline
    let kind: Kind

    @usableFromInline
    init(_ kind: Kind) { self.kind = kind }

    /// Spin briefly on a contended lock (at most 20 looks at it, a few
    /// dozen pause instructions apart, and none once several threads are
    /// already asleep on it), then sleep in the kernel. Best for short
    /// critical sections; the release-build default.
    ///
    /// ```swift
    /// let counters = SafeBox([String: Int](), policy: .adaptive)
    /// ```
    public static let adaptive = SafeBoxPolicy(.adaptive(.standard))

    /// ``adaptive`` with its two tunables chosen: how many times a contended
    /// acquire looks at the lock before it sleeps (``adaptive``: 20), and how
    /// long a sleeping thread lets running threads overtake it before it asks
    /// for the lock (it asks when a release next wakes it): the next release
    /// then hands the lock straight to it (``adaptive``: after 1 ms, as Go's
    /// `sync.Mutex`; `nil`: never). The
    /// same interval spaces the hand-offs: after one, no thread asks for the
    /// next until the interval has passed again.
    ///
    /// The hand-off bounds how long a sleeping thread can be overtaken, and
    /// costs throughput and tail latency only while somebody has waited that
    /// long: the lock stays reserved until the woken thread gets a CPU, at
    /// most once per interval.
    /// Fewer tries sleep sooner and waste less CPU under long critical
    /// sections.
    ///
    /// ```swift
    /// // Never ask for a hand-off: a sleeping thread may be overtaken
    /// // indefinitely (in the benchmark report this raised p99, not throughput).
    /// let quotes = SafeBox([String: Double](), policy: .adaptive(spinTries: 20, handOffEvery: nil))
    /// // Long critical sections: look a few times, hand off after a millisecond.
    /// let index = SafeBox([String: [Int]](), policy: .adaptive(spinTries: 5, handOffEvery: .milliseconds(1)))
    /// ```
    ///
    /// `spinTries` must be in `0...10_000` and `handOffEvery` between zero and
    /// one hour (it is kept in whole microseconds); anything else stops the
    /// program with a message naming the argument. With 0 tries and no
    /// hand-off the lock behaves exactly like ``plain``, and this returns
    /// ``plain``.
    public static func adaptive(spinTries: Int, handOffEvery interval: Duration?) -> SafeBoxPolicy {
        precondition(
            (0...10_000).contains(spinTries),
            "SafeBoxPolicy.adaptive(spinTries:handOffEvery:): spinTries must be in 0...10000, not \(spinTries)")
        var handOff = CPTS_LOCK_NO_HANDOFF
        if let interval {
            precondition(
                interval >= .zero && interval <= .seconds(3600),
                "SafeBoxPolicy.adaptive(spinTries:handOffEvery:): handOffEvery must be between 0 and 1 hour, not \(interval)")
            let (seconds, attoseconds) = interval.components
            handOff = UInt32(seconds * 1_000_000 + (attoseconds + 500_000_000_000) / 1_000_000_000_000)
        }
        if spinTries == 0 && handOff == CPTS_LOCK_NO_HANDOFF { return .plain }
        return SafeBoxPolicy(.adaptive(Tuning(spinTries: UInt32(spinTries), handOffAfterMicroseconds: handOff)))
    }

    /// Never spin: a contended acquire sleeps in the kernel at once. For
    /// boxes held across slow work, where spinning only burns a core.
    ///
    /// ```swift
    /// let journal = SafeBox([String](), policy: .plain)
    /// ```
    public static let plain = SafeBoxPolicy(.plain)

    /// Track which thread holds the box. Re-entering the box on the thread
    /// that holds it stops the process with "SafeBox re-entered on the thread
    /// that holds it: withLock inside withLock deadlocks" instead of hanging,
    /// an unlock by a thread that does not hold it stops too, and
    /// ``SafeBox/assertOwnedByCurrentThread(_:file:line:)`` can name the
    /// holder. Contended behaviour is ``adaptive``'s.
    ///
    /// ```swift
    /// let registry = SafeBox([ObjectIdentifier: String](), policy: .checked)
    /// ```
    public static let checked = SafeBoxPolicy(.checked)

    /// ``checked`` in debug builds of SafeBox, ``adaptive`` in release builds.
    ///
    /// ```swift
    /// let box = SafeBox(0)   // same as SafeBox(0, policy: .default)
    /// ```
    public static var `default`: SafeBoxPolicy {
        #if DEBUG
        .checked
        #else
        .adaptive
        #endif
    }

    /// A box backed by a real `pthread_mutex_t` of `kind`, with a
    /// `pthread_cond_t` for the condition waits
    /// (``SafeBox/withLock(when:_:)``).
    ///
    /// ```swift
    /// // Shared with a SCHED_FIFO audio thread: no priority inversion.
    /// let mixerLevels = SafeBox([Float](repeating: 0, count: 8), policy: .pthread(.priorityInheritance))
    /// ```
    public static func pthread(_ kind: PThreadKind) -> SafeBoxPolicy {
        SafeBoxPolicy(.pthread(kind))
    }

    /// The type of `pthread_mutex_t` behind a ``SafeBoxPolicy/pthread(_:)``
    /// box.
    ///
    /// ```swift
    /// let box = SafeBox([Int](), policy: .pthread(.errorCheck))
    /// ```
    ///
    /// glibc records which thread holds every kind of mutex, and SafeBox
    /// reads that record, so ``SafeBox/assertOwnedByCurrentThread(_:file:line:)``
    /// is exact on Linux without the box recording anything on the fast
    /// path (with another C library it tells only whether some thread holds
    /// the box). Re-entry (``SafeBox/withLock(_:)`` inside `withLock`) stops
    /// only with ``errorCheck``; with the other kinds it deadlocks, as
    /// pthread specifies.
    public enum PThreadKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// `PTHREAD_MUTEX_NORMAL`: sleeps in the kernel when contended.
        ///
        /// ```swift
        /// let box = SafeBox(0, policy: .pthread(.normal))
        /// ```
        case normal
        /// `PTHREAD_MUTEX_ADAPTIVE_NP`: glibc's mutex that spins briefly
        /// before sleeping (a normal mutex where the C library has no
        /// adaptive type).
        ///
        /// ```swift
        /// let box = SafeBox(0, policy: .pthread(.adaptive))
        /// ```
        case adaptive
        /// `PTHREAD_MUTEX_ERRORCHECK`: re-entry stops with "pthread_mutex_lock
        /// failed: EDEADLK (SafeBox re-entered on the thread that holds it:
        /// withLock inside withLock deadlocks)" instead of hanging.
        ///
        /// ```swift
        /// let box = SafeBox(0, policy: .pthread(.errorCheck))
        /// ```
        case errorCheck
        /// `PTHREAD_PRIO_INHERIT`: while a higher-priority thread waits, the
        /// holder runs at that thread's priority, so a low-priority holder
        /// cannot be starved by medium-priority threads (priority inversion).
        ///
        /// ```swift
        /// let box = SafeBox(0, policy: .pthread(.priorityInheritance))
        /// ```
        case priorityInheritance

        /// "normal", "adaptive", "errorCheck" or "priorityInheritance".
        public var description: String {
            switch self {
            case .normal: "normal"
            case .adaptive: "adaptive"
            case .errorCheck: "errorCheck"
            case .priorityInheritance: "priorityInheritance"
            }
        }

        var mutexKind: cpts_mutex_kind {
            switch self {
            case .normal: CPTS_MUTEX_KIND_NORMAL
            case .adaptive: CPTS_MUTEX_KIND_ADAPTIVE
            case .errorCheck: CPTS_MUTEX_KIND_ERRORCHECK
            case .priorityInheritance: CPTS_MUTEX_KIND_PRIORITY_INHERIT
            }
        }

        init(_ mutexKind: cpts_mutex_kind) {
            switch mutexKind {
            case CPTS_MUTEX_KIND_ADAPTIVE: self = .adaptive
            case CPTS_MUTEX_KIND_ERRORCHECK: self = .errorCheck
            case CPTS_MUTEX_KIND_PRIORITY_INHERIT: self = .priorityInheritance
            default: self = .normal
            }
        }
    }

    /// "adaptive", "plain", "checked", or "pthread(" and the kind, as in
    /// "pthread(errorCheck)"; a tuned adaptive policy reads as in
    /// "adaptive(spinTries: 5, handOffEvery: 1000 µs)" or
    /// "adaptive(spinTries: 20, handOffEvery: never)".
    public var description: String {
        switch kind {
        case .adaptive(let tuning) where tuning == .standard: "adaptive"
        case .adaptive(let tuning):
            "adaptive(spinTries: \(tuning.spinTries), handOffEvery: "
                + (tuning.handOffAfterMicroseconds == CPTS_LOCK_NO_HANDOFF ? "never" : "\(tuning.handOffAfterMicroseconds) µs")
                + ")"
        case .plain: "plain"
        case .checked: "checked"
        case .pthread(let mutexKind): "pthread(\(mutexKind))"
        }
    }

    /// The pthread mutex kind, for ``pthread(_:)`` policies.
    var pthreadKind: PThreadKind? {
        if case .pthread(let mutexKind) = kind { mutexKind } else { nil }
    }

    /// The lock word's policy; nil for the pthread policies, whose boxes
    /// have no lock word.
    var lockWordPolicy: cpts_lock_policy? {
        switch kind {
        case .adaptive: CPTS_LOCK_POLICY_ADAPTIVE
        case .plain: CPTS_LOCK_POLICY_PLAIN
        case .checked: CPTS_LOCK_POLICY_CHECKED
        case .pthread: nil
        }
    }
}
