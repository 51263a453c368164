// A second module in the same tree: conformances and globals elsewhere.
extension Worker: @unchecked Sendable {}

nonisolated(unsafe) var globalHook: (() -> Void)? = nil  // expect: nonisolated-unsafe-mutable-closure

// A @Sendable function is no isolation loophole; only the opt-in
// nonisolated-unsafe-replaceable-function reports the replace-while-read race.
nonisolated(unsafe) var replaceableSendableHook: @Sendable () -> Void = {}

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
