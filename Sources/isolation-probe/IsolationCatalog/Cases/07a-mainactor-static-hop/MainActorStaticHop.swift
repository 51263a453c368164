// Case 7a: the sink lives in a `@MainActor static var`. It is safe, and
// every call site off the main actor must hop there (`Task { @MainActor in }`
// or `await MainActor.run`), which moves the formatting work onto the
// main thread too.
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
    static func main() async {
        let inbox = Inbox()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                // The hop: schedule the call on the main actor.
                Task { @MainActor in
                    Events.sink("download complete")
                    continuation.resume()
                }
            }
        }
        let count = inbox.events.count
        print("case finished cleanly; inbox holds \(count) event(s)")
    }
}
