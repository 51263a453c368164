import Foundation

/// Runs `body(index)` on `count` new OS threads released together, and
/// returns when all have finished. Real threads rather than a dispatch pool,
/// which on a 2-core machine would run two bodies at a time.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    let startLine = DispatchSemaphore(value: 0)
    for index in 0..<count {
        finished.enter()
        Thread {
            startLine.wait()
            body(index)
            finished.leave()
        }.start()
    }
    for _ in 0..<count { startLine.signal() }
    finished.wait()
}
