import Foundation
import Testing
import TestSupport

import CPThreadShim
@testable import SafeBox

private let reentryMessage = "SafeBox re-entered on the thread that holds it: withLock inside withLock deadlocks"

@Suite("SafeBox checked mode and policies")
struct SafeBoxCheckedTests {
    @Test("withLock inside withLock on a checked box stops with the documented message")
    func recursiveWithLockStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = SafeBox(0, policy: .checked)
            box.withLock { _ in
                box.withLock { $0 += 1 }
            }
        }
        #expect(standardError(result).contains(reentryMessage))
    }

    @Test("a timed withLock inside withLock on a checked box stops instead of burning the timeout")
    func recursiveTimedLockStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = SafeBox(0, policy: .checked)
            box.withLock { _ in
                _ = box.withLock(timeout: .seconds(3600)) { $0 }
            }
        }
        #expect(standardError(result).contains(reentryMessage))
    }

    @Test("unlocking a checked box from a thread that does not hold it stops with a message saying so")
    func foreignUnlockStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            unlockFromAnotherThread(policy: .checked)
        }
        #expect(standardError(result).contains("unlocking a SafeBox this thread does not hold"))
    }

    @Test("unlocking a box nobody holds stops under every policy")
    func unlockingFreeLockStops() async {
        // Exit-test bodies cannot capture, so one body per policy.
        let adaptive = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            unlockWhileFree(policy: .adaptive)
        }
        let plain = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            unlockWhileFree(policy: .plain)
        }
        let checked = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            unlockWhileFree(policy: .checked)
        }
        for result in [adaptive, plain, checked] {
            #expect(standardError(result).contains("unlocking a SafeBox this thread does not hold"))
        }
    }

    @Test("withLockIfAvailable inside withLock on a checked box returns nil, as with Mutex")
    func tryLockReentryIsNil() {
        let box = SafeBox(0, policy: .checked)
        let inner = box.withLock { _ in box.withLockIfAvailable { $0 } }
        #expect(inner == .some(nil))
    }

    @Test("inside withLock the box is owned by the caller (checked, pthread) or known held (adaptive, plain)",
          arguments: [SafeBoxPolicy.adaptive, .plain, .checked, .pthread(.normal)])
    func ownerAssertionInsideLock(policy: SafeBoxPolicy) {
        let tracksOwner = policy != .adaptive && policy != .plain
        let box = SafeBox([1], policy: policy)
        #expect(box.storage.lock.ownership == .free)
        box.withLock { value in
            box.assertOwnedByCurrentThread()
            #expect(box.storage.lock.ownership == (tracksOwner ? .currentThread : .someThread))
            value.append(2)
        }
        #expect(box.storage.lock.ownership == .free)
        #expect(box.withLock { $0 } == [1, 2])
    }

    @Test("adaptive and plain boxes promise held-or-free only: another thread's hold passes the assertion",
          arguments: [SafeBoxPolicy.adaptive, .plain])
    func uncheckedPoliciesPromiseHeldOrFree(policy: SafeBoxPolicy) {
        let shared = SharedBox(0, policy: policy)
        let held = holdOnAnotherThread { whileHeld in shared.box.withLock { _ in whileHeld() } }
        #expect(shared.box.storage.lock.ownership == .someThread)
        // Documented limit: these policies do not record the holder, so the
        // assertion can only check that someone holds the box.
        shared.box.assertOwnedByCurrentThread()
        held.release()
        #expect(held.done.wait(seconds: 10))
        #expect(shared.box.storage.lock.ownership == .free)
    }

    @Test("assertOwnedByCurrentThread outside withLock stops, naming the problem")
    func ownerAssertionOutsideLockStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = SafeBox(0, policy: .adaptive)
            box.assertOwnedByCurrentThread("cache must be locked here")
        }
        let plain = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = SafeBox(0, policy: .plain)
            box.assertOwnedByCurrentThread("cache must be locked here")
        }
        for stderr in [standardError(result), standardError(plain)] {
            #expect(stderr.contains("no thread holds the box"))
            #expect(stderr.contains("cache must be locked here"))
        }
    }

    @Test("on a checked box, assertOwnedByCurrentThread stops when another thread holds it")
    func ownerAssertionOtherThreadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            assertOwnedWhileAnotherThreadHolds(policy: .checked)
        }
        #expect(standardError(result).contains("another thread holds the box, not the calling thread"))
    }

    @Test("the owner is tracked exactly on checked boxes and only as held/free otherwise")
    func ownershipStates() {
        let checkedBox = SharedBox((), policy: .checked)
        let adaptiveBox = SharedBox((), policy: .adaptive)
        let checked = checkedBox.lock
        let adaptive = adaptiveBox.lock
        defer { withExtendedLifetime((checkedBox, adaptiveBox)) {} }
        #expect(checked.ownership == .free)
        checked.lock()
        #expect(checked.ownership == .currentThread)
        let seenElsewhere = SafeBox<MutexCell.Ownership?>(nil)
        let address = UInt(bitPattern: checked.state)
        spawnThread {
            let other = UnsafeMutablePointer<cpts_lock_t>(bitPattern: address)!
            let code = cpts_lock_ownership(other)
            seenElsewhere.withLock {
                $0 = switch code {
                case CPTS_LOCK_HOLDER_OTHER_OR_UNKNOWN: .anotherThread
                case CPTS_LOCK_HOLDER_CALLER: .currentThread
                default: .free
                }
            }
        }.wait()
        #expect(seenElsewhere.withLock { $0 } == .anotherThread)
        checked.unlock()
        #expect(checked.ownership == .free)
        adaptive.lock()
        #expect(adaptive.ownership == .someThread)
        adaptive.unlock()
        #expect(adaptive.ownership == .free)
    }

    @Test("boxes report the policy they were made with; the default is the documented one")
    func policies() {
        #expect(SafeBox(0, policy: .plain).policy == .plain)
        #expect(SafeBox(0, policy: .adaptive).policy == .adaptive)
        #expect(SafeBox(0, policy: .checked).policy == .checked)
        #expect(SafeBox(0, policy: .pthread(.errorCheck)).policy == .pthread(.errorCheck))
        #expect(SafeBox(0).policy == SafeBoxPolicy.default)
        #expect(["adaptive", "plain", "checked"].contains(SafeBoxPolicy.default.description))
    }
}
