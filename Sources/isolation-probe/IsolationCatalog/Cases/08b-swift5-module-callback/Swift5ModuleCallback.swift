// Case 8b: a main-actor closure passed as an argument into a module built in
// Swift 5 mode. Because that module's signature makes no promise about where
// it will call the closure, a Swift 6 caller compiles the closure with a
// run-time isolation check, and the module calling it off the main thread
// traps, with no extra flag.
import Dispatch
import LegacyScheduler

@MainActor
final class Gallery {
    var thumbnails = 0
    func refresh(done: DispatchSemaphore) {
        LegacyScheduler.runInBackground({
            self.thumbnails += 1
            print("gallery refreshed \(self.thumbnails) time(s)")
        }, done: done)
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        let gallery = Gallery()
        let finished = DispatchSemaphore(value: 0)
        gallery.refresh(done: finished)
        finished.wait()
        print("case finished without a trap")
    }
}
