// Case 22b, the fix for 22a: `isolated deinit` (SE-0371). The runtime runs
// the deinit on the main actor wherever the last reference dies, so it may
// touch main-actor state directly, with no assertion.
import Dispatch

/// Signalled by the deinit, so the program waits until it has run.
nonisolated let tornDown = DispatchSemaphore(value: 0)

@MainActor
final class PlayerView {
    var isAttached = true
    isolated deinit {
        // An isolated deinit runs on the main actor wherever the last reference dies.
        isAttached = false
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
