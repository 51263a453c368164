// Case 11c: next-turn delivery (11b) is not enough when the container is
// lazy. A lazy container keeps a row that scrolled away or lost its element
// alive for reuse and does not cancel its subscriptions; it only tells the
// row it disappeared. The queued delivery therefore still reaches the row
// after the rebuild, and the row reads `items[0]` of an empty array.
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
                guard subscription.observer != nil else { return }
                handler()
            }
        }
    }

    func cancel() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        observer = nil
    }
}

/// A lazy container: rows whose element is gone move to a reuse pool, are
/// told they disappeared, and keep their subscriptions.
@MainActor
final class LazyItemList {
    var items = [Item(id: 1, name: "groceries")]
    private(set) var rows: [ItemRow] = []
    private(set) var reusePool: [ItemRow] = []

    func render() {
        for row in rows.dropFirst(items.count) {
            row.disappear()
            reusePool.append(row)
        }
        rows = items.indices.map { index in
            rows.indices.contains(index) ? rows[index] : ItemRow(item: projection(at: index))
        }
        for row in rows { row.appear() }
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
    private(set) var isVisible = false
    private var subscription: NextTurnSubscription?

    init(item: Projection<Item>) {
        self.item = item
        subscription = NextTurnSubscription(.refresh) { [weak self] in
            guard let self else { return }
            note("queued delivery reaches a row that is in the reuse pool (visible: \(self.isVisible))")
            print("row sees: \(self.item.value.name)")
        }
    }

    func appear() { isVisible = true }
    func disappear() { isVisible = false }
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
        let list = LazyItemList()
        list.render()
        DispatchQueue.main.async {
            list.handleEvent {
                list.items = []
                NotificationCenter.default.post(name: .refresh, object: nil)
            }
            // FIFO: runs after every delivery the event queued.
            DispatchQueue.main.async {
                print("case finished without a trap; \(list.reusePool.count) row(s) in the pool")
                exit(0)
            }
        }
        dispatchMain()
    }
}
