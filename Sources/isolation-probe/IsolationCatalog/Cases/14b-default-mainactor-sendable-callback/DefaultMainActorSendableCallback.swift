// Case 14b, the fix for 14a: the closure handed to the Swift 5 module is
// written `@Sendable`. A `@Sendable` closure does not inherit the default
// main-actor isolation, so it carries no main-actor check, and the compiler
// lets it touch only what is safe from any thread (here an atomic counter;
// main-actor state would need a hop such as `Task { @MainActor in … }`).
import Dispatch
import LegacyScheduler
import Synchronization

/// Work done in the background, counted without the main actor.
nonisolated let backgroundRefreshes = Atomic<Int>(0)

final class Gallery {
    var refreshes = 0
    func refresh(done: DispatchSemaphore) {
        LegacyScheduler.runInBackground({ @Sendable in
            let count = backgroundRefreshes.add(1, ordering: .relaxed).newValue
            print("gallery refreshed \(count) time(s) in the background")
        }, done: done)
    }
}

@main
enum Program {
    static func main() {
        let gallery = Gallery()
        let finished = DispatchSemaphore(value: 0)
        gallery.refresh(done: finished)
        finished.wait()
        print("case finished without a trap")
    }
}
