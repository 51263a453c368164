import Foundation

/// Keeps a callback and calls it from a background thread: the seed's
/// `@unchecked Sendable` stored-closure loophole.
public final class CallbackStore: @unchecked Sendable {
    public var callback: (Int) -> Void = { _ in }

    public init() {}

    /// Calls the callback `times` times on a new thread and waits for it.
    public func fireFromBackgroundThread(times: Int) {
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for value in 0..<times { self.callback(value) }
            finished.signal()
        }
        finished.wait()
    }
}

/// Installs a callback from main-actor code, so the closure is main-actor isolated.
@MainActor
public func installCallback(on store: CallbackStore) {
    store.callback = { value in print("callback \(value)") }  // detect: main-actor-off-main-thread
}
