import Foundation
import Testing
import TestSupport

import CPThreadShim

@testable import SafeBox

/// The engine's bookkeeping after contention: exact values, read once every
/// thread that touched the lock has been joined.
@Suite("SafeBox lock engine state")
struct SafeBoxEngineStateTests {
    @Test("timed acquires that give up leave no parked-thread count and no parked mark behind",
          arguments: [SafeBoxPolicy.adaptive, .checked])
    func timedOutWaitersLeaveNothingBehind(policy: SafeBoxPolicy) {
        let shared = SharedBox(0, policy: policy)
        let (release, holder) = holdOnAnotherThread { whileHeld in shared.box.withLock { _ in whileHeld() } }
        // Long enough that each waiter spins out and parks before it gives up.
        let waiters = (0..<3).map { _ in
            spawnThread { #expect(shared.box.withLock(timeout: .milliseconds(100), { _ in }) == nil) }
        }
        for waiter in waiters { waiter.wait() }
        release()
        holder.wait()
        let state = shared.lock.state.pointee
        #expect(state.parked_threads == 0)
        // The holder's release found waiters marked and cleared the word: a
        // fresh acquire takes the inline fast path again.
        // A waiter that passed the fairness threshold withdrew its request.
        #expect(state.word & (CPTS_LOCK_HELD | CPTS_LOCK_PARKED | CPTS_LOCK_FAIR) == 0)
        #expect(shared.box.withLock { $0 += 1; return $0 } == 1)
    }

    @Test("threads that parked and then took the lock leave no parked-thread count behind")
    func parkedWaitersLeaveNothingBehind() {
        let shared = SharedBox(0)
        shared.incrementBehindAHolder(waiters: 3)
        #expect(shared.lock.state.pointee.parked_threads == 0)
        #expect(shared.box.withLock { $0 } == 3)
    }
}
