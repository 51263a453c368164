// Case 13b: the fix for 13a. The nonisolated callback does not claim to be
// on the main actor; it schedules the handler there with
// `Task { @MainActor in … }`. The handler runs on a later turn of the main
// actor whichever thread the framework called back on, so the callback
// from the layout queue is as safe as the one from the main thread. The
// cost: the handler no longer runs inside the callback, so anything the
// framework does after calling back can happen before the handler.
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
    /// The fix: hop to the main actor instead of asserting to be on it.
    func onTaskChanged(_ handler: @escaping TaskChangedHandler) {
        onChange { task in
            Task { @MainActor in handler(task) }
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
    static func main() async {
        let spinner = SpinnerState()
        let changes = PreferenceChanges<Task<Void, Never>?>()
        let (deliveries, delivered) = AsyncStream<Bool>.makeStream()
        changes.onTaskChanged { task in
            // Proof of thread, independent of the compiler's bookkeeping.
            dispatchPrecondition(condition: .onQueue(.main))
            spinner.isSpinning = task != nil
            delivered.yield(spinner.isSpinning)
        }
        var updates = deliveries.makeAsyncIterator()

        changes.publish(Task {})
        let afterMain = await updates.next()
        note("callback from the main thread reached the handler on the main queue; spinning: \(afterMain.map(String.init) ?? "nil")")

        DispatchQueue(label: "layout").async {
            changes.publish(nil)
        }
        let afterLayout = await updates.next()
        note("callback from the layout queue reached the handler on the main queue; spinning: \(afterLayout.map(String.init) ?? "nil")")
        print("case finished cleanly; spinning: \(spinner.isSpinning)")
    }
}
