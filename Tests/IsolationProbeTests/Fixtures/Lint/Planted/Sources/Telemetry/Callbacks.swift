/// Not Sendable: its closures travel with it into whatever stores it.
struct Callbacks {
    var onStart: () -> Void
    var count: Int
}

final class Worker {
    @available(*, deprecated, message: "attributes before the property do not move the finding")
    let callbacks: Callbacks  // expect: unchecked-sendable-stored-closure
    private var started = false

    init(callbacks: Callbacks) { self.callbacks = callbacks }
}
