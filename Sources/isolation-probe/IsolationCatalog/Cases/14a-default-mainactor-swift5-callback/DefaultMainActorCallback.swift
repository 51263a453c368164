// Case 14a: case 8b without a single `@MainActor` written. The app module
// is built with `-default-isolation MainActor`, so `Gallery` and its method
// are main-actor isolated, and so is the unannotated closure written there.
// The Swift 5 module calls it on a background queue; the run-time check the
// closure carries stops the program.
import Dispatch
import LegacyScheduler

final class Gallery {
    var refreshes = 0
    func refresh(done: DispatchSemaphore) {
        LegacyScheduler.runInBackground({
            self.refreshes += 1
            print("gallery refreshed \(self.refreshes) time(s)")
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
