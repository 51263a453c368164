import SafeBox

/// A SafeBox several threads can reach: the box lives in a `let` of a
/// `Sendable` class, the way the README tells adopters to share one.
final class SharedBox<Value: ~Copyable>: Sendable {
    let box: SafeBox<Value>

    init(_ value: consuming sending Value, policy: SafeBoxPolicy = .default) {
        box = SafeBox(value, policy: policy)
    }
}
