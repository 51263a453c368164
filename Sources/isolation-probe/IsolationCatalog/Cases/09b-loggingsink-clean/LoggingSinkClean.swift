// Case 9b: the same upload story on LoggingSink. The library keeps the
// familiar `static var sink` but backs it with a LogSink; the host installs
// a closure from main-actor code and the library calls it from a background
// queue. The closure is @Sendable, so it carries no main-actor isolation
// and there is nothing for the run-time check to trip over. Main-actor
// state is reached through a LogRelay, which awaits it on the main actor.
import Dispatch
import LoggingSink

enum Uploads {
    static let log = LogSink(label: "Uploads")

    static var sink: @Sendable (String) -> Void {
        get { { log($0) } }
        set { log.install(newValue) }
    }
}

@MainActor
final class UploadList {
    var rows: [String] = []

    init() {
        // The line that trapped in cases 1-3, unchanged at the call site.
        Uploads.sink = { message in print("upload sink: \(message)") }
    }

    /// Routes the library's logs into `rows` from now on: through a relay,
    /// which hands each message to the main actor with `await`.
    func showRowsFromNowOn() -> LogRelay {
        let relay = LogRelay(capacity: 64) { @MainActor [weak self] message in
            self?.rows.append(message)
        }
        Uploads.log.install(relay.handler)
        return relay
    }
}

@main
enum Program {
    @MainActor
    static func main() async {
        let list = UploadList()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                Uploads.sink("photo.jpg uploaded")
                done.resume()
            }
        }
        let relay = list.showRowsFromNowOn()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                Uploads.sink("video.mov uploaded")
                done.resume()
            }
        }
        await relay.flush()
        let rows = list.rows
        print("case finished without a trap; \(rows.count) row(s): \(rows)")
    }
}
