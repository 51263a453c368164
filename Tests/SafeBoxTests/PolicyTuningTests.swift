import Foundation
import Synchronization
import Testing
import TestSupport

import CPThreadShim

@testable import SafeBox

/// `SafeBoxPolicy.adaptive(spinTries:handOffEvery:)`: what it stores, what
/// it reads back, and that the engine follows it.
@Suite("SafeBox adaptive tuning")
struct PolicyTuningTests {
    @Test("the defaults are .adaptive; no tries and no hand-off is .plain")
    func defaultsAndPlain() {
        #expect(SafeBoxPolicy.adaptive(spinTries: 20, handOffEvery: .milliseconds(1)) == .adaptive)
        #expect(SafeBoxPolicy.adaptive(spinTries: 20, handOffEvery: .milliseconds(1)).description == "adaptive")
        #expect(SafeBoxPolicy.adaptive(spinTries: 0, handOffEvery: nil) == .plain)
    }

    @Test("a tuned box reads its policy back exactly, and the engine holds the values", arguments: [
        (SafeBoxPolicy.adaptive(spinTries: 5, handOffEvery: .milliseconds(1)), "adaptive(spinTries: 5, handOffEvery: 1000 µs)", 5, 1000),
        (.adaptive(spinTries: 20, handOffEvery: nil), "adaptive(spinTries: 20, handOffEvery: never)", 20, CPTS_LOCK_NO_HANDOFF),
        (.adaptive(spinTries: 0, handOffEvery: .microseconds(100)), "adaptive(spinTries: 0, handOffEvery: 100 µs)", 0, 100),
    ])
    func readBack(policy: SafeBoxPolicy, description: String, tries: UInt32, handOff: UInt32) {
        #expect(policy.description == description)
        let shared = SharedBox(0, policy: policy)
        #expect(shared.box.policy == policy)
        #expect(shared.lock.tuning.spinTries == tries)
        #expect(shared.lock.tuning.handOffAfterMicroseconds == handOff)
        #expect(shared.box.withLock { $0 += 1; return $0 } == 1)
    }

    @Test("a waiter that waited past handOffEvery asks when it wakes and reserves the lock: the releaser cannot take it back")
    func starvingWaiterIsHandedTheLock() {
        watchStarvingWaiter { waiter, lock in
            let asked = Date().addingTimeInterval(20)
            while cpts_lock_word(lock.state) & CPTS_LOCK_FAIR == 0 && Date() < asked {
                Thread.sleep(forTimeInterval: 0.001)
            }
            #expect(cpts_lock_word(lock.state) & CPTS_LOCK_FAIR != 0)
            let handedOff = cpts_monotonic_now_ns()
            lock.unlock()
            // Without the request this thread, still running, would re-take
            // the lock long before the sleeping waiter could be scheduled.
            // Taking it is correct only once the waiter has had its turn
            // (this thread may be preempted right after the unlock on a
            // busy machine).
            let retaken = lock.tryLock()
            let waiterHadItsTurn = waiter.ran
            if retaken { lock.unlock() }
            #expect(!retaken || waiterHadItsTurn, "the releaser re-took a lock a starving waiter had asked for")
            waiter.thread.wait()
            #expect(lock.state.pointee.word & (CPTS_LOCK_HELD | CPTS_LOCK_PARKED | CPTS_LOCK_FAIR) == 0)
            // Its claim started the interval in which nobody asks again.
            #expect(lock.state.pointee.next_request_ns >= handedOff + 100_000)
        }
    }

    @Test("within handOffEvery of the last hand-off, a starving waiter does not ask for the lock")
    func handOffsAreSpaced() {
        // As if a hand-off had just been claimed on a lock whose interval is
        // a minute: set before the waiter exists, so it sees the value.
        watchStarvingWaiter(prepare: { $0.state.pointee.next_request_ns = cpts_monotonic_now_ns() + 60_000_000_000 }) {
            waiter, lock in
            // Past its 100 µs threshold and awake on a held lock, the waiter
            // would ask at once (the test above waits for that); give it
            // 2 000 thresholds.
            let watchedUntil = Date().addingTimeInterval(0.2)
            var asked = false
            while !asked && Date() < watchedUntil {
                asked = cpts_lock_word(lock.state) & CPTS_LOCK_FAIR != 0
                Thread.sleep(forTimeInterval: 0.001)
            }
            #expect(!asked, "a waiter asked for a hand-off before the interval after the last one ended")
            // The release still wakes the parked waiter.
            lock.unlock()
            waiter.thread.wait()
        }
    }

    @Test("out-of-range tunables stop with a message naming the argument")
    func outOfRangeStops() async {
        let tries = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SafeBoxPolicy.adaptive(spinTries: -1, handOffEvery: nil)
        }
        let interval = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SafeBoxPolicy.adaptive(spinTries: 20, handOffEvery: .seconds(-1))
        }
        #expect(standardError(tries).contains("spinTries must be in 0...10000, not -1"))
        #expect(standardError(interval).contains("handOffEvery must be between 0 and 1 hour"))
    }
}

/// Set by the waiter inside its critical section, so the test can tell a
/// legitimate later acquisition from one that barged ahead of it.
private final class WaiterRan: Sendable {
    let flag = Atomic<Bool>(false)
}

/// Holds a box tuned to hand off after 100 µs, calls `prepare` with its
/// lock, starts a ``StarvingWaiter`` and wakes it onto the held lock, then
/// calls `body`, which must release the lock and join the waiter. A waiter
/// that wins the race at its wake-up has nothing to ask for: the next of up
/// to 50 attempts starts another.
private func watchStarvingWaiter(
    prepare: (MutexCell) -> Void = { _ in },
    _ body: (StarvingWaiter, MutexCell) -> Void
) {
    let shared = SharedBox(0, policy: .adaptive(spinTries: 20, handOffEvery: .microseconds(100)))
    let lock = shared.lock
    for _ in 0..<50 {
        lock.lock()
        prepare(lock)
        let waiter = StarvingWaiter(shared)
        if waiter.wakeOntoHeldLock(within: 20) {
            body(waiter, lock)
            return
        }
    }
    Issue.record("in 50 attempts the waiter always took the lock before this thread re-took it")
}

/// A thread that waits for a box this test holds until it is past its
/// hand-off threshold, then is woken onto a lock held again.
private final class StarvingWaiter {
    let thread: DispatchGroup
    private let ranFlag: WaiterRan
    private let lock: MutexCell

    /// Starts a thread that takes `shared`'s lock (held by the caller) and
    /// adds 1 to its value.
    init(_ shared: SharedBox<Int>) {
        let ranFlag = WaiterRan()
        self.ranFlag = ranFlag
        lock = shared.lock
        thread = spawnThread {
            shared.box.withLock {
                $0 += 1
                ranFlag.flag.store(true, ordering: .releasing)
            }
        }
    }

    /// Whether the waiter has had its turn.
    var ran: Bool { ranFlag.flag.load(ordering: .acquiring) }

    /// Waits until the waiter sleeps and is past its threshold, then
    /// releases and re-takes the lock at once, as a running thread does: the
    /// release wakes the waiter, which finds the lock held again. False (the
    /// lock then released and the waiter joined) when the waiter took the
    /// lock first, or did not park within `seconds`.
    func wakeOntoHeldLock(within seconds: TimeInterval) -> Bool {
        let parked = Date().addingTimeInterval(seconds)
        while cpts_lock_word(lock.state) & CPTS_LOCK_PARKED == 0 && Date() < parked {
            Thread.sleep(forTimeInterval: 0.001)
        }
        Thread.sleep(forTimeInterval: 0.001)
        let slept = cpts_lock_word(lock.state) & CPTS_LOCK_PARKED != 0
        lock.unlock()
        lock.lock()
        guard slept && !ran else {
            lock.unlock()
            thread.wait()
            return false
        }
        return true
    }
}
