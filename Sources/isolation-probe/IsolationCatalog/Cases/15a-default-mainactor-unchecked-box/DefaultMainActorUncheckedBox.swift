// Case 15a: the seed's box and a `nonisolated(unsafe)` global in a module
// built with `-default-isolation MainActor`. The closures are stored from
// unannotated code, which that setting makes main-actor isolated, so they are
// main-actor closures; a background queue then calls them. Only
// `-enable-actor-data-race-checks` puts a check into such a closure.
import Dispatch

/// The seed-style box: a lock it does not have, promised by @unchecked.
nonisolated final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

nonisolated let hook = Box<() -> Void>({})
nonisolated(unsafe) var onTick: () -> Void = {}

final class Screen {
    var ticks = 0
    func install() {
        hook.value = { self.ticks += 1 }
        onTick = { self.ticks += 1 }
    }
}

@main
enum Program {
    static func main() {
        let screen = Screen()
        screen.install()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            hook.value()
            onTick()
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap")
    }
}
