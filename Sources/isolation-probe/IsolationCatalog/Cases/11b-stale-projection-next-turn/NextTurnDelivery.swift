// Case 11b: the fix for 11a. The row's observer no longer reads the
// projection inside `post`; it hands the notification on to the next turn
// of the main queue, as `.receive(on: RunLoop.main)` does. By then the
// event has finished and the owner has rebuilt its rows: the row for the
// removed element is gone and its subscription cancelled, so the queued
// delivery is dropped instead of reading `items[0]` of an empty array.
import Foundation

extension Notification.Name {
    static let refresh = Notification.Name("refresh")
}

struct Item {
    var id: Int
    var name: String
}

/// A get/set pair into someone else's storage: what a binding is.
struct Projection<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    var value: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}

/// Delivers each notification on a later turn of the main queue, and drops
/// it if the subscription was cancelled in between: the contract of a
/// Combine subscription with `.receive(on: RunLoop.main)`.
@MainActor
final class NextTurnSubscription {
    private var observer: (any NSObjectProtocol)?

    init(_ name: Notification.Name, handler: @escaping @MainActor @Sendable () -> Void) {
        observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
            guard let subscription = self else { return }
            DispatchQueue.main.async {
                guard subscription.observer != nil else {
                    note("queued delivery dropped: the row was removed and its subscription cancelled")
                    return
                }
                handler()
            }
        }
    }

    func cancel() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        observer = nil
    }
}

/// Owns the array and keeps one row per element, rebuilding the rows after
/// each event as a view's body update does.
@MainActor
final class ItemList {
    var items = [Item(id: 1, name: "groceries")]
    private(set) var rows: [ItemRow] = []

    func render() {
        for row in rows.dropFirst(items.count) { row.disappear() }
        rows = items.indices.map { index in
            rows.indices.contains(index) ? rows[index] : ItemRow(item: projection(at: index))
        }
    }

    /// Captures the index, not the element: valid only while `items` has it.
    private func projection(at index: Int) -> Projection<Item> {
        Projection(get: { self.items[index] }, set: { self.items[index] = $0 })
    }

    /// One user event (the "Clear" button): the action, then the rows are
    /// rebuilt before the main queue runs anything else.
    func handleEvent(_ action: () -> Void) {
        action()
        render()
    }
}

@MainActor
final class ItemRow {
    let item: Projection<Item>
    private var subscription: NextTurnSubscription?

    init(item: Projection<Item>) {
        self.item = item
        subscription = NextTurnSubscription(.refresh) { [weak self] in
            guard let self else { return }
            print("row sees: \(self.item.value.name)")
        }
    }

    /// A non-lazy container removes the row, which cancels its subscription.
    func disappear() {
        subscription?.cancel()
        subscription = nil
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
        let list = ItemList()
        list.render()
        DispatchQueue.main.async {
            list.handleEvent {
                list.items = []
                NotificationCenter.default.post(name: .refresh, object: nil)
            }
            // FIFO: runs after every delivery the event queued.
            DispatchQueue.main.async {
                print("case finished cleanly; \(list.rows.count) row(s) left")
                exit(0)
            }
        }
        dispatchMain()
    }
}
