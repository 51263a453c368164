import Foundation
import Synchronization
import Testing

/// A counter threads can bump and the test can read, for observing what
/// happened inside a lock without taking that lock (Atomic, not Mutex:
/// ThreadSanitizer understands atomics, and the lock under test must not be
/// the thing that reports on itself).
final class SharedCounter: Sendable {
    private let count = Atomic<Int>(0)

    @discardableResult
    func increment() -> Int { count.add(1, ordering: .sequentiallyConsistent).newValue }

    var value: Int { count.load(ordering: .sequentiallyConsistent) }
}

/// Polls `condition` until it holds or `limit` passes; true if it held.
///
/// Used only to wait for another thread to reach a state the test can
/// observe (a predicate evaluated, a writer queued); the limit is a
/// failure bound, never an assertion on speed.
func eventually(within limit: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.001)
    }
    return condition()
}

/// How long `body` took on the continuous clock.
func measure<T>(_ body: () -> T) -> (result: T, elapsed: Duration) {
    let start = ContinuousClock.now
    let result = body()
    return (result, ContinuousClock.now - start)
}

/// Expects a timed attempt to have given up: no result, and not before
/// `timeout` passed (1 ms of clock granularity allowed). The 10 s ceiling
/// only turns a hang into a failure; it asserts nothing about speed.
func expectGaveUp<T>(
    _ attempt: (result: T?, elapsed: Duration),
    after timeout: Duration,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(attempt.result == nil, sourceLocation: sourceLocation)
    #expect(attempt.elapsed >= timeout - .milliseconds(1), sourceLocation: sourceLocation)
    #expect(attempt.elapsed < .seconds(10), sourceLocation: sourceLocation)
}

extension DispatchSemaphore {
    /// Waits up to `seconds`; true if signalled. The bound only turns a
    /// broken lock's hang into a test failure.
    func wait(seconds: Double) -> Bool {
        wait(timeout: .now() + seconds) == .success
    }
}

extension DispatchGroup {
    func wait(seconds: Double) -> Bool {
        wait(timeout: .now() + seconds) == .success
    }
}
