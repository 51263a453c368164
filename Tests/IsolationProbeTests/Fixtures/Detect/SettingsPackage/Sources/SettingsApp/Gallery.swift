// Under default MainActor isolation Gallery, its method and the closure
// written there are main-actor isolated, with nothing written.
import Dispatch
import LegacyScheduler

final class Gallery {
    var refreshes = 0
    func refresh(done: DispatchSemaphore) {
        LegacyScheduler.runInBackground({ // detect: main-actor-off-main-thread 1
            self.refreshes += 1
        }, done: done)
    }
}
