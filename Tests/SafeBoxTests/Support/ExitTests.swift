import Foundation
import Testing
import TestSupport

@testable import SafeBox

/// Blocks the calling thread until the exit test's process ends.
func parkForever() -> Never {
    while true { Thread.sleep(forTimeInterval: 60) }
}

/// What an exit test's process wrote to standard error, as text.
func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// Exit-test body: locks a box of `policy` on this thread, unlocks it from
/// another, and waits for that misuse to stop the process.
func unlockFromAnotherThread(policy: SafeBoxPolicy) -> Never {
    let shared = SharedBox((), policy: policy)
    let cell = shared.lock
    cell.lock()
    Thread { cell.unlock(); withExtendedLifetime(shared) {} }.start()
    parkForever()
}

/// Exit-test body: unlocks a box of `policy` that nobody holds. The box
/// stays alive until after the unlock: a temporary `SharedBox(…).lock` would
/// be freed before `unlock()` runs, which then reads freed memory.
func unlockWhileFree(policy: SafeBoxPolicy) {
    let shared = SharedBox((), policy: policy)
    shared.lock.unlock()
    withExtendedLifetime(shared) {}
}

/// Exit-test body: holds a box of `policy` on another thread and asserts,
/// on this one, that this thread holds it.
func assertOwnedWhileAnotherThreadHolds(policy: SafeBoxPolicy) {
    let shared = SharedBox(0, policy: policy)
    _ = holdOnAnotherThread { whileHeld in shared.box.withLock { _ in whileHeld() } }
    shared.box.assertOwnedByCurrentThread()
}
