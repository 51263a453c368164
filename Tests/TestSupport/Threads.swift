import Foundation

/// Runs `body(index)` on `count` freshly created OS threads that start
/// together, and returns when every one has finished.
///
/// Real threads, not a dispatch pool: a pool on a 2-core machine would run
/// at most two bodies at a time and hide the contention the tests want.
public func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    let startLine = DispatchSemaphore(value: 0)
    for index in 0..<count {
        finished.enter()
        let thread = Thread {
            startLine.wait()
            body(index)
            finished.leave()
        }
        thread.start()
    }
    for _ in 0..<count { startLine.signal() }
    finished.wait()
}

/// Starts `body` on a new OS thread and returns a handle to wait for it.
public func spawnThread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
    let finished = DispatchGroup()
    finished.enter()
    Thread {
        body()
        finished.leave()
    }.start()
    return finished
}

/// Takes a lock on a new thread and keeps it until `release` is called;
/// returns once the lock is held. `enter` acquires the lock under test and
/// calls `whileHeld` inside it.
///
/// ```swift
/// let held = holdOnAnotherThread { whileHeld in box.withLock { _ in whileHeld() } }
/// // … the box is busy here …
/// held.release()
/// held.done.wait()
/// ```
public func holdOnAnotherThread(
    _ enter: @escaping @Sendable (_ whileHeld: () -> Void) -> Void
) -> (release: @Sendable () -> Void, done: DispatchGroup) {
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let done = spawnThread {
        enter {
            holding.signal()
            // The bound only ends a test that never releases; callers do.
            _ = release.wait(timeout: .now() + 30)
        }
    }
    holding.wait()
    return ({ release.signal() }, done)
}
