import Foundation
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
        #expect(SafeBoxPolicy.adaptive(spinTries: 20, handOffEvery: .microseconds(250)) == .adaptive)
        #expect(SafeBoxPolicy.adaptive(spinTries: 20, handOffEvery: .microseconds(250)).description == "adaptive")
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
        #expect(shared.lock.tuning.handOffMeanMicroseconds == handOff)
        #expect(shared.box.withLock { $0 += 1; return $0 } == 1)
    }

    /// Parks two waiters behind a holder, then releases: a release that
    /// finds threads parked schedules its next hand-off unless hand-offs are
    /// off. Returns the engine's next hand-off time afterwards.
    private func nextHandOffAfterParkedRelease(_ policy: SafeBoxPolicy) -> UInt64 {
        let shared = SharedBox(0, policy: policy)
        shared.incrementBehindAHolder(waiters: 2)
        #expect(shared.box.withLock { $0 } == 2)
        return shared.lock.state.pointer(to: \.fair_handoff_after_ns)!.pointee
    }

    @Test("with hand-offs on, a release to parked threads schedules the next one; with them off, none is ever due")
    func handOffFollowsTheTuning() {
        let on = nextHandOffAfterParkedRelease(.adaptive)
        #expect(on != 0 && on != .max)
        #expect(nextHandOffAfterParkedRelease(.adaptive(spinTries: 20, handOffEvery: nil)) == .max)
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
