// Case 7b: the same `@MainActor static var`, called directly from a
// background queue without hopping. Swift 6 refuses to compile it.
import Dispatch

enum Events {
    @MainActor static var sink: (String) -> Void = { print("default event sink: \($0)") }
}

@MainActor
final class Inbox {
    var events: [String] = []
    init() {
        Events.sink = { event in
            self.events.append(event)
            print("inbox got: \(event)")
        }
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        let inbox = Inbox()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Events.sink("download complete")  // no hop
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap; inbox holds \(inbox.events.count) event(s)")
    }
}
