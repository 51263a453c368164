// Case 22a: a main-actor class cleans up its main-actor state in `deinit`
// through `MainActor.assumeIsolated`. A plain deinit is nonisolated and runs
// on the thread that drops the last reference; here a background queue does,
// and the assertion stops the program in every configuration and setting.
import Dispatch

/// Signalled by the deinit, so the program waits until it has run.
nonisolated let tornDown = DispatchSemaphore(value: 0)

@MainActor
final class PlayerView {
    var isAttached = true
    deinit {
        // A plain deinit is nonisolated: it runs wherever the last reference dies.
        MainActor.assumeIsolated { isAttached = false }
        print("player view torn down")
        tornDown.signal()
    }
}

/// Carries the last reference to another thread.
nonisolated final class Parcel: @unchecked Sendable {
    var view: PlayerView?
    init(_ view: PlayerView) { self.view = view }
}

@main
enum Program {
    @MainActor
    static func main() async {
        let parcel = Parcel(PlayerView())
        DispatchQueue.global().async { parcel.view = nil }
        // Wait off the main actor, which stays free to run an isolated deinit.
        await Task.detached { tornDown.wait() }.value
        print("case finished without a trap")
    }
}
