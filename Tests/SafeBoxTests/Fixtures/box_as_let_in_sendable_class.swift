// The usual home of a box: a `let` in a final class checked as Sendable,
// with no @unchecked anywhere in the adopter's code.
// mutex: same
import SafeBox

final class Registry: Sendable {
    private let names = SafeBox<[String]>([])

    func register(_ name: String) {
        names.withLock { $0.append(name) }
    }

    var count: Int { names.withLock { $0.count } }
}

func share(_ registry: Registry) async {
    await withTaskGroup(of: Void.self) { group in
        for index in 0..<4 {
            group.addTask { registry.register("worker-\(index)") }
        }
    }
}
