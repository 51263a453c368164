// Case 13a: a framework hands its callbacks a nonisolated `@Sendable`
// closure type (the shape of `onPreferenceChange`), and the app's handler
// is `@MainActor`. The usual workaround wraps the call in
// `MainActor.assumeIsolated`, which compiles because it moves the check to
// run time. It holds while the framework happens to call back on the main
// thread; the first callback that arrives from another thread stops the
// program in the runtime's executor check.
import Dispatch
import Glibc
import Synchronization

/// A framework API: it promises a `@Sendable` call, not a thread.
final class PreferenceChanges<Value: Sendable>: Sendable {
    private let actions = Mutex<[@Sendable (Value) -> Void]>([])

    func onChange(_ action: @escaping @Sendable (Value) -> Void) {
        actions.withLock { $0.append(action) }
    }

    /// Calls every action on the calling thread, whichever it is.
    func publish(_ value: Value) {
        for action in actions.withLock({ $0 }) { action(value) }
    }
}

typealias TaskChangedHandler = @MainActor @Sendable (Task<Void, Never>?) -> Void

/// The app's side: main-actor state updated from the handler.
@MainActor
final class SpinnerState {
    var isSpinning = false
}

extension PreferenceChanges where Value == Task<Void, Never>? {
    /// The workaround under test: promise the compiler the callback is on
    /// the main actor.
    func onTaskChanged(_ handler: @escaping TaskChangedHandler) {
        onChange { task in
            MainActor.assumeIsolated { handler(task) }
        }
    }
}

/// A line the probe collects as a note; flushed at once so it survives a trap.
func note(_ text: String) {
    print("probe-note: \(text)")
    fflush(nil)
}

@main
enum Program {
    @MainActor
    static func main() {
        let spinner = SpinnerState()
        let changes = PreferenceChanges<Task<Void, Never>?>()
        changes.onTaskChanged { task in
            spinner.isSpinning = task != nil
        }

        changes.publish(Task {})
        note("callback on the main thread: assumeIsolated held; spinning: \(spinner.isSpinning)")

        let finished = DispatchSemaphore(value: 0)
        DispatchQueue(label: "layout").async {
            changes.publish(nil)
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap; spinning: \(spinner.isSpinning)")
    }
}
