// A library-style store with the seed's loophole: an @unchecked Sendable
// class keeps a closure whose type is not @Sendable.
final class Sink: @unchecked Sendable {
    var handler: (String) -> Void = { _ in }
}

/// The seed's copyable box, unchecked for every T.
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

@globalActor actor Background {
    static let shared = Background()
}
