import Foundation
import Testing
import TestSupport

@testable import SafeBox

/// Busy work the optimiser cannot drop: holds a lock (or stays out of it)
/// for a random stretch, which is what exposes wake-up races.
@inline(never)
private func spin(_ iterations: Int) -> Int {
    var x = iterations
    for _ in 0..<iterations { x = x &* 6_364_136_223_846_793_005 &+ 1 }
    return x
}

/// Runs `body` on `threads` threads and fails the test (instead of hanging
/// the suite) if they have not all finished within `limit`: a thread still
/// parked then would be a lost wake-up. The limit is a hang detector set
/// far beyond any plausible run time, not a speed assertion.
private func runWatched(
    _ what: String, threads: Int, limit: TimeInterval = 180, _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
    let finished = DispatchGroup()
    let remaining = SharedCounter()
    for index in 0..<threads {
        finished.enter()
        Thread {
            body(index)
            remaining.increment()
            finished.leave()
        }.start()
    }
    if finished.wait(timeout: .now() + limit) == .timedOut {
        Issue.record("\(what): \(threads - remaining.value) of \(threads) threads still blocked after \(Int(limit)) s (lost wake-up?)")
        return false
    }
    return true
}

private struct Tally {
    var inside = 0
    var overlaps = 0
    var count = 0
    /// Critical sections in which the box did not name the caller as its holder.
    var misnamed = 0
}

@Suite("SafeBox lock engine under stress", .tags(.slow), .skippedInFastTier)
struct SafeBoxEngineStressTests {
    static let policies: [SafeBoxPolicy] =
        [.adaptive, .plain, .checked] + SafeBoxPolicy.PThreadKind.allCases.map { .pthread($0) }

    /// The critical section: proves nobody else is inside, optionally holds
    /// the lock for a while, counts the entry.
    fileprivate static func enter(_ tally: inout Tally, working iterations: Int) -> Int {
        if tally.inside != 0 { tally.overlaps += 1 }
        tally.inside += 1
        let result = spin(iterations)
        tally.count += 1
        tally.inside -= 1
        return result
    }

    @Test("exact totals and mutual exclusion with every entry point mixed", arguments: policies)
    func exclusionPerPolicy(policy: SafeBoxPolicy) {
        let shared = SharedBox(Tally(), policy: policy)
        let completed = SharedCounter()
        let threads = 8
        let finished = runWatched("\(policy) exclusion", threads: threads) { index in
            for iteration in 0..<20_000 {
                let entered: Int?
                switch (index + iteration) % 4 {
                case 0, 1: entered = shared.box.withLock { Self.enter(&$0, working: 0) }
                case 2: entered = shared.box.withLockIfAvailable { Self.enter(&$0, working: 0) }
                default: entered = shared.box.withLock(timeout: .microseconds(50)) { Self.enter(&$0, working: 0) }
                }
                if entered != nil { completed.increment() }
            }
        }
        guard finished else { return }
        let tally = shared.box.withLock { $0 }
        #expect(tally.overlaps == 0)
        #expect(tally.inside == 0)
        #expect(tally.count == completed.value)
        #expect(tally.count >= threads * 10_000)  // every plain withLock entered
    }

    /// The inline release subtracts HELD before it clears a checked box's
    /// owner, so a thread can take the lock and record itself in between;
    /// the clear must then leave that record alone.
    @Test("a checked box names every holder under contention: a release clears only its own record")
    func checkedOwnerUnderContention() {
        let shared = SharedBox(Tally(), policy: .checked)
        let cell = shared.lock
        let finished = runWatched("checked owner", threads: 8) { _ in
            for _ in 0..<400_000 {
                shared.box.withLock { tally in
                    if cell.ownership != .currentThread { tally.misnamed += 1 }
                    _ = Self.enter(&tally, working: 0)
                }
            }
        }
        guard finished else { return }
        let tally = shared.box.withLock { $0 }
        #expect(tally.misnamed == 0)
        #expect(tally.overlaps == 0)
        #expect(tally.count == 8 * 400_000)
        #expect(cell.ownership == .free)
    }

    @Test("no lost wake-ups: random thread counts, random work inside and outside the lock, every policy")
    func randomisedLostWakeupStress() {
        let seed = UInt64(ProcessInfo.processInfo.environment["SAFEBOX_STRESS_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)
        var random = SplitMix64(seed: seed)
        // SAFEBOX_STRESS_ROUNDS=2000 turns this into the long soak; the
        // default keeps `swift test` quick. SAFEBOX_STRESS_SEED replays a run.
        let rounds = Int(ProcessInfo.processInfo.environment["SAFEBOX_STRESS_ROUNDS"] ?? "") ?? 24
        for round in 0..<rounds {
            let policy = Self.policies[Int(random.next() % UInt64(Self.policies.count))]
            let threads = Int(random.next() % 15) + 2  // 2...16: below, at and far above the core count
            let operations = Int(random.next() % 4_000) + 500
            let maxInside = Int(random.next() % 400)
            let maxOutside = Int(random.next() % 2_000)
            let roundSeed = random.next()
            let shared = SharedBox(Tally(), policy: policy)
            let completed = SharedCounter()
            let label = "seed \(seed) round \(round): \(policy), \(threads) threads, \(operations) ops, inside ≤ \(maxInside), outside ≤ \(maxOutside)"
            let finished = runWatched(label, threads: threads) { index in
                var random = SplitMix64(seed: roundSeed &+ UInt64(index) &* 0x9E37_79B9)
                var sink = 0
                for _ in 0..<operations {
                    let inside = maxInside == 0 ? 0 : Int(random.next() % UInt64(maxInside))
                    let entered: Int?
                    switch random.next() % 8 {
                    case 0:
                        entered = shared.box.withLockIfAvailable { Self.enter(&$0, working: inside) }
                    case 1:
                        let timeout = Duration.microseconds(Int64(random.next() % 200))
                        entered = shared.box.withLock(timeout: timeout) { Self.enter(&$0, working: inside) }
                    default:
                        entered = shared.box.withLock { Self.enter(&$0, working: inside) }
                    }
                    if let entered {
                        sink &+= entered
                        completed.increment()
                    }
                    if maxOutside > 0 { sink &+= spin(Int(random.next() % UInt64(maxOutside))) }
                }
                _ = sink
            }
            guard finished else { return }
            let tally = shared.box.withLock { $0 }
            #expect(tally.overlaps == 0, "\(label)")
            #expect(tally.count == completed.value, "\(label)")
        }
    }

    @Test("no lost wake-ups in condition waits: a one-slot handoff between random producers and consumers",
          arguments: policies)
    func conditionHandoffStress(policy: SafeBoxPolicy) {
        // One slot; producers wait until it is empty, consumers until it is
        // full. Every item must be handed over exactly once. A wake-up lost
        // anywhere leaves a thread parked forever, which the watchdog reports.
        struct Slot { var item: Int?; var consumed = 0; var sum = 0 }
        let shared = SharedBox(Slot(item: nil), policy: policy)
        let pairs = 4
        let itemsPerProducer = 3_000
        let finished = runWatched("\(policy) condition handoff", threads: pairs * 2) { index in
            let cell = shared.lock
            let value = shared.box.storage.value
            if index < pairs {
                for item in 1...itemsPerProducer {
                    cell.lock()
                    while value.pointee.item != nil { _ = cell.wait(until: nil) }
                    value.pointee.item = item
                    cell.notifyWaitersAndUnlock()
                }
            } else {
                for _ in 0..<itemsPerProducer {
                    cell.lock()
                    // A bounded wait half the time: timed and untimed parks must both be woken.
                    while value.pointee.item == nil {
                        _ = cell.wait(until: index % 2 == 0 ? nil : MonotonicDeadline(after: .milliseconds(5)).nanoseconds)
                    }
                    value.pointee.sum += value.pointee.item!
                    value.pointee.item = nil
                    value.pointee.consumed += 1
                    cell.notifyWaitersAndUnlock()
                }
            }
        }
        guard finished else { return }
        let slot = shared.box.withLock { $0 }
        #expect(slot.consumed == pairs * itemsPerProducer)
        #expect(slot.sum == pairs * itemsPerProducer * (itemsPerProducer + 1) / 2)
        #expect(slot.item == nil)
    }
}
