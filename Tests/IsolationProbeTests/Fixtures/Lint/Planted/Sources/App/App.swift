// A second module in the same tree: conformances and globals elsewhere.
extension Worker: @unchecked Sendable {}

nonisolated(unsafe) var globalHook: (() -> Void)? = nil  // expect: nonisolated-unsafe-mutable-closure

nonisolated(unsafe) var replaceableSendableHook: @Sendable () -> Void = {}  // expect: nonisolated-unsafe-mutable-closure

enum Event: @unchecked Sendable {
    case tick
    case callback((Int) -> Void)  // expect: unchecked-sendable-stored-closure
}

struct Registry {
    final class Entry: @unchecked Sendable {
        var action: Action  // expect: unchecked-sendable-stored-closure
        init(action: @escaping Action) { self.action = action }
    }
    typealias Action = (Int, String) throws -> Bool
}
