// Built in Swift 5 language mode: it knows nothing about isolation and
// calls the closure it is given on a background queue.
import Dispatch

public enum LegacyScheduler {
    /// Runs `work` on a global queue, then signals `done`.
    public static func runInBackground(_ work: @escaping () -> Void, done: DispatchSemaphore) {
        DispatchQueue.global().async {
            work()
            done.signal()
        }
    }
}
