import Foundation
import Testing
import TestSupport

import SafeBox

@Suite("SafeBox under contention")
struct SafeBoxStressTests {
    @Test("8 threads × 1,000,000 increments give the exact total", .tags(.slow), .skippedInFastTier)
    func exactTotalUnderContention() {
        let threads = 8
        let increments = 1_000_000
        let counter = SafeBox(0)
        onThreads(threads) { _ in
            for _ in 0..<increments {
                counter.withLock { $0 += 1 }
            }
        }
        #expect(counter.withLock { $0 } == threads * increments)
    }

    private static func enterAlone(_ state: inout (inside: Int, entered: Int, overlaps: Int)) {
        if state.inside != 0 { state.overlaps += 1 }
        state.inside += 1
        state.entered += 1
        state.inside -= 1
    }

    @Test("withLockIfAvailable never runs its body concurrently with a holder")
    func tryLockIsExclusive() {
        // Each body checks that nobody else is inside, under both entry points.
        let state = SafeBox((inside: 0, entered: 0, overlaps: 0))
        onThreads(4) { index in
            for iteration in 0..<50_000 {
                if (index + iteration) % 2 == 0 {
                    state.withLock { Self.enterAlone(&$0) }
                } else {
                    _ = state.withLockIfAvailable { Self.enterAlone(&$0) }
                }
            }
        }
        let final = state.withLock { $0 }
        #expect(final.overlaps == 0)
        #expect(final.inside == 0)
        #expect(final.entered >= 100_000)  // every withLock call entered; try-locks may not
    }
}
