import Foundation
import Testing
import TestSupport

import CPThreadShim
@testable import SafeBox

private let reentryMeaning = "SafeBox re-entered on the thread that holds it: withLock inside withLock deadlocks"

@Suite("SafeBox pthread policies")
struct PThreadPolicyTests {
    static let kinds = SafeBoxPolicy.PThreadKind.allCases

    @Test("SafeBox(0, policy: .pthread(.priorityInheritance)) and its peers report their policy", arguments: kinds)
    func policyRoundTrips(kind: SafeBoxPolicy.PThreadKind) {
        let box = SafeBox(0, policy: .pthread(kind))
        #expect(box.policy == .pthread(kind))
        #expect(box.policy.description == "pthread(\(kind))")
        #expect(box.withLock { $0 += 41; return $0 + 1 } == 42)
    }

    #if canImport(Glibc)
    @Test("each kind is a real pthread mutex of that type and protocol (glibc's mutex kind bits)", arguments: kinds)
    func mutexHasTheRequestedType(kind: SafeBoxPolicy.PThreadKind) throws {
        let shared = SharedBox((), policy: .pthread(kind))
        let cell = shared.lock
        defer { withExtendedLifetime(shared) {} }
        let pthread = try #require(cell.pthreadLock)
        // glibc keeps the type in the low bits of __kind and flags the
        // protocol: PTHREAD_MUTEX_PRIO_INHERIT_NP = 32.
        let bits = pthread.pointee.mutex.__data.__kind
        let type = bits & 0x7
        let inherits = bits & 32 != 0
        switch kind {
        case .normal: #expect(type == Int32(PTHREAD_MUTEX_NORMAL) && !inherits)
        case .adaptive: #expect(type == Int32(PTHREAD_MUTEX_ADAPTIVE_NP) && !inherits)
        case .errorCheck: #expect(type == Int32(PTHREAD_MUTEX_ERRORCHECK) && !inherits)
        case .priorityInheritance: #expect(type == Int32(PTHREAD_MUTEX_NORMAL) && inherits)
        }
    }
    #endif

    @Test("the lock-word policies have no pthread mutex behind them", arguments: [SafeBoxPolicy.adaptive, .plain, .checked])
    func lockWordPoliciesStayOnTheEngine(policy: SafeBoxPolicy) {
        let shared = SharedBox((), policy: policy)
        let cell = shared.lock
        defer { withExtendedLifetime(shared) {} }
        #expect(cell.pthreadLock == nil)
        #expect(cell.policy == policy)
    }

    @Test("the mutex and the start of the value share one cache line, so a contended hand-off moves one line")
    func mutexAndValueShareOneCacheLine() {
        let shared = SharedBox(0, policy: .pthread(.normal))
        defer { withExtendedLifetime(shared) {} }
        let block = Int(bitPattern: shared.box.storage.block)
        let mutexStart = Int(bitPattern: PThreadLockOperations.mutex(shared.box.storage.lock.pthread))
        let mutexEnd = mutexStart + MemoryLayout<cpts_mutex_t>.size
        let valueStart = Int(bitPattern: shared.box.storage.value)
        #expect(block % 64 == 0)
        #expect(mutexStart / 64 == (mutexEnd - 1) / 64, "the mutex straddles two cache lines")
        #expect(valueStart / 64 == mutexStart / 64, "the value starts on another cache line than the mutex")
        #expect(block / 64 != mutexStart / 64, "the header's line is read on every operation and must stay clean")
    }

    @Test("ownership is exact under every pthread kind", arguments: kinds)
    func ownershipIsExact(kind: SafeBoxPolicy.PThreadKind) {
        let shared = SharedBox(0, policy: .pthread(kind))
        #expect(shared.box.storage.lock.ownership == .free)
        shared.box.withLock { _ in #expect(shared.box.storage.lock.ownership == .currentThread) }
        let held = holdOnAnotherThread { whileHeld in shared.box.withLock { _ in whileHeld() } }
        #expect(shared.box.storage.lock.ownership == .anotherThread)
        held.release()
        #expect(held.done.wait(seconds: 10))
        #expect(shared.box.storage.lock.ownership == .free)
    }

    @Test("withLockIfAvailable and timed withLock give up while another thread holds the box", arguments: kinds)
    func tryAndTimedGiveUp(kind: SafeBoxPolicy.PThreadKind) {
        let shared = SharedBox(7, policy: .pthread(kind))
        let held = holdOnAnotherThread { whileHeld in shared.box.withLock { _ in whileHeld() } }
        #expect(shared.box.withLockIfAvailable { $0 } == nil)
        expectGaveUp(measure { shared.box.withLock(timeout: .milliseconds(20)) { $0 } }, after: .milliseconds(20))
        held.release()
        #expect(held.done.wait(seconds: 10))
        #expect(shared.box.withLock(timeout: .zero) { $0 } == 7)
    }

    @Test("condition waits sleep on the pthread condition and wake on the satisfying change", arguments: kinds)
    func conditionWait(kind: SafeBoxPolicy.PThreadKind) {
        let shared = SharedBox([Int](), policy: .pthread(kind))
        let taken = SharedCounter()
        let consumer = spawnThread {
            for _ in 0..<100 {
                _ = shared.box.withLock(when: { !$0.isEmpty }) { $0.removeFirst() }
                taken.increment()
            }
        }
        for item in 0..<100 { shared.box.withLock { $0.append(item) } }
        #expect(consumer.wait(seconds: 30))
        #expect(taken.value == 100)
        // A timed wait nobody satisfies gives up and leaves the box usable.
        expectGaveUp(measure { shared.box.withLock(when: { $0.count > 5 }, timeout: .milliseconds(20)) { $0 } },
                     after: .milliseconds(20))
        #expect(shared.box.withLock { $0.isEmpty })
    }

    @Test("error-check: withLock inside withLock stops with pthread's EDEADLK, named")
    func errorCheckReentryStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = SafeBox(0, policy: .pthread(.errorCheck))
            box.withLock { _ in box.withLock { $0 += 1 } }
        }
        #expect(standardError(result).contains("pthread_mutex_lock failed: EDEADLK (\(reentryMeaning))"))
    }

    @Test("error-check: a timed withLock inside withLock stops instead of burning the timeout")
    func errorCheckTimedReentryStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = SafeBox(0, policy: .pthread(.errorCheck))
            box.withLock { _ in _ = box.withLock(timeout: .seconds(3600)) { $0 } }
        }
        #expect(standardError(result).contains("pthread_mutex_clocklock failed: EDEADLK (\(reentryMeaning))"))
    }

    @Test("error-check: an unlock from a thread that does not hold the box stops with pthread's EPERM, named")
    func errorCheckForeignUnlockStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            unlockFromAnotherThread(policy: .pthread(.errorCheck))
        }
        #expect(standardError(result).contains(
            "pthread_mutex_unlock failed: EPERM (unlocking a SafeBox this thread does not hold)"))
    }

    @Test("priority inheritance: the kernel rejects an unlock from a thread that does not hold the box")
    func priorityInheritanceForeignUnlockStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            unlockFromAnotherThread(policy: .pthread(.priorityInheritance))
        }
        #expect(standardError(result).contains(
            "pthread_mutex_unlock failed: EPERM (unlocking a SafeBox this thread does not hold)"))
    }

    @Test("assertOwnedByCurrentThread names another holder under a pthread policy")
    func ownerAssertionOtherThreadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            assertOwnedWhileAnotherThreadHolds(policy: .pthread(.normal))
        }
        #expect(standardError(result).contains("another thread holds the box, not the calling thread"))
    }
}
