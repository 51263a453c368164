// Case 11a: a row holds a get/set projection into its owner's array, the
// shape `ForEach($items) { $item in … }` hands each row. The row also
// listens to NotificationCenter, a callback outside the owner's update
// cycle. The owner empties the array and posts in the same event; the
// observer runs synchronously inside `post`, before the owner has removed
// the row, and reads `items[0]` of an empty array.
//
// The main-actor check in the observer passes (it is the main thread), so
// the trap is an out-of-range index, not an isolation failure.
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
    private var observer: (any NSObjectProtocol)?

    init(item: Projection<Item>) {
        self.item = item
        // `queue: nil`: the block runs on the posting thread, inside `post`.
        observer = NotificationCenter.default.addObserver(forName: .refresh, object: nil, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated {
                note("observer runs inside post(), before the rows are rebuilt")
                guard let self else { return }
                print("row sees: \(self.item.value.name)")
            }
        }
    }

    func disappear() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        observer = nil
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
        list.handleEvent {
            list.items = []
            NotificationCenter.default.post(name: .refresh, object: nil)
        }
        print("case finished without a trap")
    }
}
