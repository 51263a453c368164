// Case 15b, the fix for 15a: the stored closure type says `@Sendable`. A
// `@Sendable` closure does not inherit the default main-actor isolation, and
// the compiler checks what it captures: main-actor state such as
// `Screen.ticks` cannot be touched in place, so the closures count with an
// atomic instead.
import Dispatch
import Synchronization

/// The seed-style box, still unlocked: only the closure type changed.
nonisolated final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

nonisolated let hook = Box<@Sendable () -> Void>({})
nonisolated(unsafe) var onTick: @Sendable () -> Void = {}
nonisolated let ticks = Atomic<Int>(0)

final class Screen {
    func install() {
        hook.value = { @Sendable in ticks.add(1, ordering: .relaxed) }
        onTick = { @Sendable in ticks.add(1, ordering: .relaxed) }
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
        print("case finished without a trap; ticks: \(ticks.load(ordering: .relaxed))")
    }
}
