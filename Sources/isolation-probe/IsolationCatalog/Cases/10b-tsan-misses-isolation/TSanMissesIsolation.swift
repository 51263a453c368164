// Case 10b: what ThreadSanitizer misses. This is case 1's shape under TSan:
// the sink is written once, on the main actor, before the background queue
// is started, so every access is ordered by happens-before and there is no
// data race for TSan to report. The bug is that the closure belongs to the
// main actor, and TSan knows nothing about actors; only
// `-enable-actor-data-race-checks` (or Swift 6's compile-time checks on a
// Sendable-typed sink) catches it.
import Dispatch

final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

let slot = Box<(String) -> Void>({ _ in })

@MainActor
final class Console {
    var lines: [String] = []
    init() {
        slot.value = { line in
            self.lines.append(line)
        }
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        let console = Console()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            slot.value("from the background")
            finished.signal()
        }
        finished.wait()
        print("case finished; \(console.lines.count) line(s); a race report, if any, is above")
    }
}
