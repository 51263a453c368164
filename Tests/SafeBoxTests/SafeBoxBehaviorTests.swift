import Foundation
import Synchronization
import Testing
import TestSupport

@testable import SafeBox

/// A noncopyable value that counts its own destruction.
private struct Tracked: ~Copyable {
    let id: Int
    let destroyed: DestructionLog
    deinit { destroyed.record(id) }
}

private final class DestructionLog: Sendable {
    private let ids = Mutex<[Int]>([])
    func record(_ id: Int) { ids.withLock { $0.append(id) } }
    var recorded: [Int] { ids.withLock { $0 } }
}

private enum Rejection: Error, Equatable { case tooLarge(Int) }

@Suite("SafeBox behaviour")
struct SafeBoxBehaviorTests {
    @Test("withLock returns the body's result and keeps mutations")
    func withLockMutates() {
        let box = SafeBox([1, 2])
        let count = box.withLock { values -> Int in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(box.withLock { $0 } == [1, 2, 3])
    }

    @Test("withLockIfAvailable returns nil while another thread holds the box, a value once released")
    func withLockIfAvailableSeesHolder() {
        let box = SafeBox(41)
        let holder = holdOnAnotherThread { whileHeld in box.withLock { _ in whileHeld() } }
        let whileHeld = box.withLockIfAvailable { value -> Int in
            value += 1
            return value
        }
        #expect(whileHeld == nil)
        holder.release()
        holder.done.wait()
        let afterRelease = box.withLockIfAvailable { value -> Int in
            value += 1
            return value
        }
        #expect(afterRelease == 42)
    }

    @Test("an error thrown inside withLock releases the lock and keeps its type")
    func thrownErrorReleasesLock() {
        let box = SafeBox(10)
        #expect(throws: Rejection.tooLarge(10)) {
            try box.withLock { (value: inout Int) throws(Rejection) -> Void in
                throw .tooLarge(value)
            }
        }
        // A normal pthread mutex still held by this thread would make the
        // try-lock fail, so a value here proves the unlock ran.
        #expect(box.withLockIfAvailable { $0 } == 10)

        do throws(Rejection) {
            try box.withLock { (value: inout Int) throws(Rejection) -> Void in throw .tooLarge(value + 1) }
            Issue.record("withLock did not rethrow")
        } catch {
            let typed: Rejection = error  // compiles only if the error type is preserved
            #expect(typed == .tooLarge(11))
        }
    }

    @Test("a noncopyable value is destroyed exactly once, when replaced or with the box")
    func noncopyableValueDestroyedOnce() {
        let log = DestructionLog()
        do {
            let box = SafeBox(Tracked(id: 1, destroyed: log))
            let seen = box.withLock { $0.id }
            #expect(seen == 1)
            box.withLock { $0 = Tracked(id: 2, destroyed: log) }
            #expect(log.recorded == [1])
        }
        #expect(log.recorded == [1, 2])
    }

    @Test("a noncopyable result leaves the box")
    func noncopyableResult() {
        let log = DestructionLog()
        let box = SafeBox(7)
        do {
            let token = box.withLock { Tracked(id: $0, destroyed: log) }
            #expect(token.id == 7)
            #expect(log.recorded.isEmpty)
        }
        #expect(log.recorded == [7])
    }

    @Test("a moved box keeps working and is destroyed once")
    func movedBox() {
        let log = DestructionLog()
        func consume(_ box: consuming SafeBox<Tracked>) -> Int {
            box.withLock { $0.id }
        }
        let box = SafeBox(Tracked(id: 3, destroyed: log))
        #expect(consume(box) == 3)
        #expect(log.recorded == [3])
    }

    @Test("a failed pthread call is reported with the call, the error name and its meaning")
    func failureMessages() {
        #expect(
            PThreadFailure.message(EPERM, "pthread_mutex_unlock")
                == "pthread_mutex_unlock failed: EPERM (unlocking a SafeBox this thread does not hold)")
        #expect(
            PThreadFailure.message(EDEADLK, "pthread_mutex_lock")
                == "pthread_mutex_lock failed: EDEADLK (SafeBox re-entered on the thread that holds it: withLock inside withLock deadlocks)")
        #expect(
            PThreadFailure.message(EBUSY, "pthread_mutex_destroy")
                == "pthread_mutex_destroy failed: EBUSY (destroying a SafeBox that is still locked)")
        #expect(PThreadFailure.message(9999, "pthread_mutex_lock").hasPrefix("pthread_mutex_lock failed: error 9999"))
    }
}
