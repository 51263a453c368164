import Foundation
import TestSupport

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

extension SharedBox where Value == Int {
    /// Holds the box on another thread while `count` threads each add 1
    /// behind it, long enough for them to spin out (microseconds) and park;
    /// then releases and joins every thread. Afterwards the value has grown
    /// by `count`.
    func incrementBehindAHolder(waiters count: Int) {
        let (release, holder) = holdOnAnotherThread { whileHeld in self.box.withLock { _ in whileHeld() } }
        let waiters = (0..<count).map { _ in spawnThread { self.box.withLock { $0 += 1 } } }
        Thread.sleep(forTimeInterval: 0.05)
        release()
        holder.wait()
        for waiter in waiters { waiter.wait() }
    }
}
