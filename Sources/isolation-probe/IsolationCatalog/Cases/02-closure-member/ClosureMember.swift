// Case 2: the stored-function-member loophole. A non-generic final class
// declares `@unchecked Sendable` and stores a plain `(String) -> Void`.
// Without `@unchecked`, Swift 6 would reject the non-Sendable stored
// property; with it, nothing looks at the member's type at all.
import Dispatch

/// Holds the callback every component reports through.
final class CallbackSlot: @unchecked Sendable {
    var closure: (String) -> Void = { print("unset slot: \($0)") }
}

/// One process-wide slot, reachable from any thread.
let reportSlot = CallbackSlot()

/// Main-actor UI state that wants to see the reports.
@MainActor
final class StatusBar {
    var text = ""

    init() {
        // Formed in a main-actor initializer: the closure is main-actor isolated.
        reportSlot.closure = { message in
            self.text = message
            print("status bar now shows: \(message)")
        }
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        let bar = StatusBar()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            reportSlot.closure("sync finished")
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap; status text is \(bar.text.isEmpty ? "empty" : "set")")
    }
}
