import Synchronization

// The same shapes as the planted program, written the safe way: the stored
// function types are @Sendable, so closures formed on an actor are not
// isolated to it and may run anywhere.
final class Sink: @unchecked Sendable {
    private let storage = Mutex<@Sendable (String) -> Void>({ _ in })

    var handler: @Sendable (String) -> Void {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

@globalActor actor Background {
    static let shared = Background()
}
