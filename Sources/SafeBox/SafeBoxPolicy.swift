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
/// Every policy shares one lock engine (a lock word with an inlined
/// compare-exchange fast path and a futex behind it), so they differ only
/// where it matters:
///
/// | policy | uncontended cost | contended | misuse |
/// |---|---|---|---|
/// | ``adaptive`` | two inlined compare-exchanges | spins briefly, then sleeps | deadlocks silently, like `Mutex` |
/// | ``plain`` | two inlined compare-exchanges | sleeps at once | deadlocks silently, like `Mutex` |
/// | ``checked`` | two short calls into the engine | spins briefly, then sleeps | stops with a message naming the misuse |
///
/// ``default`` is ``checked`` in debug builds of SafeBox and ``adaptive`` in
/// release builds: tests catch re-entry, shipped code pays nothing for it.
///
/// There is no priority-inheritance policy. Priority inheritance requires
/// the kernel to hand a released lock to a sleeping waiter, which is the
/// very mechanism that makes the standard library's `Mutex` convoy once
/// threads outnumber cores; code that needs it (real-time threads sharing a
/// lock with ordinary ones) should use a `PTHREAD_PRIO_INHERIT` mutex.
public struct SafeBoxPolicy: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Sendable, Hashable {
        case adaptive, plain, checked
    }

    @usableFromInline
    let kind: Kind

    @usableFromInline
    init(_ kind: Kind) { self.kind = kind }

    /// Spin briefly on a contended lock (a bounded number of iterations,
    /// adapted to how long the lock is usually held), then sleep in the
    /// kernel. Best for short critical sections; the release-build default.
    ///
    /// ```swift
    /// let counters = SafeBox([String: Int](), policy: .adaptive)
    /// ```
    public static let adaptive = SafeBoxPolicy(.adaptive)

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

    /// "adaptive", "plain" or "checked".
    public var description: String {
        switch kind {
        case .adaptive: "adaptive"
        case .plain: "plain"
        case .checked: "checked"
        }
    }

    var engineValue: cpts_lock_policy {
        switch kind {
        case .adaptive: CPTS_LOCK_POLICY_ADAPTIVE
        case .plain: CPTS_LOCK_POLICY_PLAIN
        case .checked: CPTS_LOCK_POLICY_CHECKED
        }
    }
}
