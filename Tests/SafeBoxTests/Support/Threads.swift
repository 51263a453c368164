import Foundation

/// Runs `body(index)` on `count` freshly created OS threads that start
/// together, and returns when every one has finished.
///
/// Real threads, not a dispatch pool: a pool on a 2-core machine would run
/// at most two bodies at a time and hide the contention the tests want.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
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
func spawnThread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
    let finished = DispatchGroup()
    finished.enter()
    Thread {
        body()
        finished.leave()
    }.start()
    return finished
}
