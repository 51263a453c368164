final class Quiet: @unchecked Sendable {
    // isolation-probe:ignore unchecked-sendable-stored-closure -- set once in main() before any thread starts
    var handler: (String) -> Void = { _ in }

    var other: () -> Void = {}  // isolation-probe:ignore unchecked-sendable-stored-closure -- called on the main thread only

    /// A doc comment between the suppression and the declaration.
    // isolation-probe:ignore unchecked-sendable-stored-closure  // expect: suppression-without-reason
    var third: () -> Void = {}

    // isolation-probe:ignore unchecked-sendable-stroed-closure -- misspelt  // expect: suppression-unknown-rule
    var fourth: () -> Void = {}  // expect: unchecked-sendable-stored-closure

    // isolation-probe:ignore nonisolated-unsafe-mutable-closure -- nothing here  // expect: suppression-unused
    var count = 0

    // isolation-probe:ignore -- no rule named  // expect: suppression-unknown-rule
    var fifth: () -> Void = {}  // expect: unchecked-sendable-stored-closure

    /* isolation-probe:ignore unchecked-sendable-stored-closure,nonisolated-unsafe-mutable-closure -- block comments work */
    var sixth: () -> Void = {}
}

// A suppression two declarations away does not reach.
// isolation-probe:ignore unchecked-sendable-generic-box -- wrong place  // expect: suppression-unused
let unrelated = 1

final class Leaky<T>: @unchecked Sendable {  // isolation-probe:ignore unchecked-sendable-generic-box -- reviewed: only Sendable T in practice
    var value: T
    init(_ value: T) { self.value = value }
}

/// Documentation may show the syntax without it counting:
/// // isolation-probe:ignore unchecked-sendable-stored-closure -- example only
let documented = 2

// A suppression above a type covers that rule in its members.
// isolation-probe:ignore unchecked-sendable-stored-closure -- every handler is set before the queue starts
final class Handlers: @unchecked Sendable {
    var onOpen: () -> Void = {}
    var onClose: (Int) -> Void = { _ in }
}

// It covers the rule it names only.
// isolation-probe:ignore nonisolated-unsafe-mutable-closure -- wrong rule for these members  // expect: suppression-unused
final class Unquiet: @unchecked Sendable {
    var onOpen: () -> Void = {}  // expect: unchecked-sendable-stored-closure
}
