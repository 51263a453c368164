import Foundation
import Testing
import TestSupport

import SafeBox

/// Holds `shared.box` on another thread until the returned release is called.
private func holdOnAnotherThread(_ shared: SharedBox<Int>) -> (release: @Sendable () -> Void, done: DispatchGroup) {
    holdOnAnotherThread { whileHeld in shared.box.withLock { _ in whileHeld() } }
}

@Suite("SafeBox deadlines")
struct SafeBoxDeadlineTests {
    @Test("withLock(timeout:) gives up after the timeout while another thread holds the box", arguments: [
        SafeBoxPolicy.adaptive, .plain, .checked,
    ])
    func timeoutExpires(policy: SafeBoxPolicy) {
        let shared = SharedBox(1, policy: policy)
        let (release, done) = holdOnAnotherThread(shared)
        var bodyRan = false
        let start = ContinuousClock.now
        let result = shared.box.withLock(timeout: .milliseconds(150)) { value -> Int in
            bodyRan = true
            return value
        }
        let waited = ContinuousClock.now - start
        release()
        done.wait()
        #expect(result == nil)
        #expect(!bodyRan)
        // It really waited (the deadline is honoured, not an early give-up)
        // and it really stopped (a generous bound, not a speed assertion).
        #expect(waited >= .milliseconds(150))
        #expect(waited < .seconds(20))
        #expect(shared.box.withLock { $0 } == 1)
    }

    @Test("withLock(deadline:) gives up at the deadline while another thread holds the box")
    func deadlineExpires() {
        let shared = SharedBox(1)
        let (release, done) = holdOnAnotherThread(shared)
        let deadline = ContinuousClock.now + .milliseconds(120)
        let result = shared.box.withLock(deadline: deadline) { $0 }
        let now = ContinuousClock.now
        release()
        done.wait()
        #expect(result == nil)
        #expect(now >= deadline)
        #expect(now - deadline < .seconds(20))
    }

    @Test("a timed acquire succeeds as soon as the holder releases within the timeout")
    func timeoutSucceedsWhenReleased() {
        let shared = SharedBox(5)
        let (release, done) = holdOnAnotherThread(shared)
        let releaser = spawnThread {
            Thread.sleep(forTimeInterval: 0.05)
            release()
        }
        let result = shared.box.withLock(timeout: .seconds(60)) { value -> Int in
            value += 1
            return value
        }
        releaser.wait()
        done.wait()
        #expect(result == 6)
    }

    @Test("a zero or negative timeout on a free box takes it; on a held box returns nil at once")
    func zeroTimeout() {
        let shared = SharedBox(3)
        #expect(shared.box.withLock(timeout: .zero) { $0 } == 3)
        #expect(shared.box.withLock(timeout: .seconds(-5)) { $0 } == 3)
        #expect(shared.box.withLock(deadline: ContinuousClock.now - .seconds(1)) { $0 } == 3)
        let (release, done) = holdOnAnotherThread(shared)
        #expect(shared.box.withLock(timeout: .zero) { $0 } == nil)
        #expect(shared.box.withLock(timeout: .seconds(-5)) { $0 } == nil)
        release()
        done.wait()
    }

    @Test("timed withLock keeps typed throws, releases on error and hands out noncopyable results")
    func timedSignatureShape() {
        enum Refusal: Error, Equatable { case no }
        struct Token: ~Copyable { let id: Int }
        let shared = SharedBox(9)
        do throws(Refusal) {
            _ = try shared.box.withLock(timeout: .seconds(1)) { (_: inout Int) throws(Refusal) -> Int in throw .no }
            Issue.record("did not rethrow")
        } catch {
            #expect(error == .no)
        }
        #expect(shared.box.withLockIfAvailable { $0 } == 9)
        guard let token = shared.box.withLock(deadline: .now + .seconds(1), { Token(id: $0) }) else {
            Issue.record("a free box timed out")
            return
        }
        let id = token.id
        #expect(id == 9)
    }
}
