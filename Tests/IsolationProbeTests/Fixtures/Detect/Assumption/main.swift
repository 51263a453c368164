import Foundation

// MainActor.assumeIsolated off the main thread: the runtime stops the program
// even in legacy mode, after saying where.
await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    Thread.detachNewThread {
        MainActor.assumeIsolated {  // detect: executor-assumption-failed 1
            print("unreachable")
        }
        done.resume()
    }
}
