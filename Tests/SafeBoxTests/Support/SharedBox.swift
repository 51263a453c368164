@testable import SafeBox

/// A SafeBox several threads can reach: the box lives in a `let` of a
/// `Sendable` class, the way the README tells adopters to share one.
final class SharedBox<Value: ~Copyable>: Sendable {
    let box: SafeBox<Value>

    init(_ value: consuming sending Value, policy: SafeBoxPolicy = .default) {
        box = SafeBox(value, policy: policy)
    }

    /// The box's lock, for tests that drive the engine directly; the box
    /// (and so this object) must outlive every use.
    var lock: MutexCell { box.storage.lock }
}
