import Foundation
import Testing
import TestSupport

@testable import SafeBox

@Suite("SafeBox condition waits")
struct ConditionWaitTests {
    @Test("runs at once when the condition already holds")
    func alreadySatisfied() {
        let box = SafeBox([5, 6])
        let evaluations = SharedCounter()
        let first = box.withLock(when: { values in
            evaluations.increment()
            return !values.isEmpty
        }) { $0.removeFirst() }
        #expect(first == 5)
        #expect(evaluations.value == 1)
        #expect(box.withLock { $0 } == [6])
    }

    @Test("wakes on the mutation that satisfies the condition, and not on one that does not")
    func wakesOnSatisfyingMutationOnly() {
        let box = SafeBox(0)
        let evaluations = SharedCounter()
        let bodyRuns = SharedCounter()
        let seenByBody = SafeBox<Int?>(nil)

        let waiter = spawnThread {
            box.withLock(when: { value in
                evaluations.increment()
                return value >= 3
            }) { value in
                bodyRuns.increment()
                let seen = value
                seenByBody.withLock { $0 = seen }
                value = 100
            }
        }

        // The condition was evaluated (false) with the lock held, and the
        // waiter only lets go of the lock inside its wait; so once this
        // thread holds the lock, the waiter is asleep.
        #expect(eventually { evaluations.value >= 1 })
        box.withLock { $0 = 1 }  // does not satisfy the condition

        // The mutation woke the waiter, which re-evaluated and went back to
        // sleep instead of running the body.
        #expect(eventually { evaluations.value >= 2 || bodyRuns.value > 0 })
        #expect(bodyRuns.value == 0)
        #expect(!waiter.wait(seconds: 0.05))
        #expect(box.withLock { $0 } == 1)

        box.withLock { $0 = 3 }  // satisfies it
        #expect(waiter.wait(seconds: 10))
        #expect(bodyRuns.value == 1)
        #expect(seenByBody.withLock { $0 } == 3)
        #expect(box.withLock { $0 } == 100)
    }

    @Test("a condition wait's own body wakes other waiters")
    func bodyWakesOtherWaiters() {
        // Stage 1 waits for 1 and sets 2; stage 2 waits for 2. Only the
        // first stage's body changes the value stage 2 waits for.
        let box = SafeBox(0)
        let stageTwo = spawnThread {
            box.withLock(when: { $0 == 2 }) { $0 = 3 }
        }
        let stageOne = spawnThread {
            box.withLock(when: { $0 == 1 }) { $0 = 2 }
        }
        box.withLock { $0 = 1 }
        #expect(stageOne.wait(seconds: 10))
        #expect(stageTwo.wait(seconds: 10))
        #expect(box.withLock { $0 } == 3)
    }

    @Test("a timed wait returns nil once its timeout passes on a condition nobody satisfies")
    func timeoutExpiresOnUnsatisfiedCondition() {
        let box = SafeBox(0)
        let bodyRuns = SharedCounter()
        let timeout = Duration.milliseconds(100)
        let byTimeout = measure {
            box.withLock(when: { $0 > 0 }, timeout: timeout) { _ in bodyRuns.increment() }
        }
        expectGaveUp(byTimeout, after: timeout)

        let byDeadline = measure {
            box.withLock(when: { $0 > 0 }, deadline: .now + timeout) { _ in bodyRuns.increment() }
        }
        expectGaveUp(byDeadline, after: timeout)
        #expect(bodyRuns.value == 0)
        // The lock is free again after a timeout.
        #expect(box.withLockIfAvailable { $0 } == 0)
    }

    @Test("a zero timeout never waits: it runs the body only if the condition holds now")
    func zeroTimeout() {
        let box = SafeBox(0)
        #expect(box.withLock(when: { $0 == 0 }, timeout: .zero) { value -> Int in
            value = 5
            return value
        } == 5)
        #expect(box.withLock(when: { $0 == 0 }, deadline: .now - .seconds(1)) { $0 } == nil)
        #expect(box.withLock(when: { $0 == 5 }, deadline: .now - .seconds(1)) { $0 } == 5)
    }

    @Test("a timed wait returns nil when another thread holds the box past the deadline")
    func timeoutExpiresWhileAnotherThreadHolds() {
        let box = SafeBox(1)
        let holder = holdOnAnotherThread { whileHeld in box.withLock { _ in whileHeld() } }
        let timeout = Duration.milliseconds(100)
        let attempt = measure {
            box.withLock(when: { _ in true }, timeout: timeout) { $0 }
        }
        expectGaveUp(attempt, after: timeout)
        holder.release()
        holder.done.wait()
    }

    @Test("a timed wait returns the body's result when another thread satisfies the condition in time")
    func timedWaitSucceeds() {
        let box = SafeBox<[String]>([])
        let evaluations = SharedCounter()
        let result = SafeBox<String??>(nil)
        let waiter = spawnThread {
            let taken = box.withLock(when: { queue in
                evaluations.increment()
                return !queue.isEmpty
            }, deadline: .now + .seconds(30)) { $0.removeFirst() }
            result.withLock { $0 = taken }
        }
        #expect(eventually { evaluations.value >= 1 })
        box.withLock { $0.append("job") }
        #expect(waiter.wait(seconds: 30))
        #expect(result.withLock { $0 } == .some("job"))
    }

    @Test("an error thrown by the body releases the lock and keeps its type")
    func errorsReleaseTheLock() {
        enum Closed: Error, Equatable { case closed }
        let box = SafeBox((closed: true, items: [Int]()))
        // A shut-down inbox: wake on "closed or has items", throw if closed.
        #expect(throws: Closed.closed) {
            try box.withLock(when: { $0.closed || !$0.items.isEmpty }) {
                (state: inout (closed: Bool, items: [Int])) throws(Closed) -> Int in
                if state.closed { throw .closed }
                return state.items.removeFirst()
            }
        }
        #expect(box.withLockIfAvailable { $0.closed } == true)

        do throws(Closed) {
            _ = try box.withLock(when: { _ in true }, timeout: .seconds(1)) {
                (_: inout (closed: Bool, items: [Int])) throws(Closed) -> Void in
                throw .closed
            }
            Issue.record("the timed condition wait did not rethrow")
        } catch {
            let typed: Closed = error  // compiles only if the error type is preserved
            #expect(typed == .closed)
        }
        #expect(box.withLockIfAvailable { $0.closed } == true)
    }

    @Test("noncopyable values and results")
    func noncopyable() {
        struct Permit: ~Copyable { let number: Int }
        struct Permits: ~Copyable {
            var available: Int
            mutating func issue() -> Permit {
                available -= 1
                return Permit(number: available)
            }
        }
        let box = SafeBox(Permits(available: 1))
        let permit = box.withLock(when: { $0.available > 0 }) { $0.issue() }
        #expect(permit.number == 0)
        let none = box.withLock(when: { $0.available > 0 }, timeout: .milliseconds(20)) { $0.issue() }
        let timedOut = switch consume none {
        case .none: true
        case .some: false
        }
        #expect(timedOut)
    }

    @Test("a condition wait inside the same box's withLock stops with the checked policy's message")
    func reentryIsCaught() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = SafeBox(0, policy: .checked)
            box.withLock { _ in
                box.withLock(when: { _ in true }) { $0 += 1 }
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("SafeBox re-entered on the thread that holds it"))
    }
}
