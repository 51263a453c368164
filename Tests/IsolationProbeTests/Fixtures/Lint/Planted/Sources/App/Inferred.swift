import Telemetry

/// `Box(…)` infers `T` from its argument: the closure goes in unchecked.
final class Router {
    let box = Box({ (message: String) in print(message) })  // expect: unchecked-box-of-closure

    init(handler: @escaping (Int) -> Void) {
        let stored = Box(handler)  // expect: unchecked-box-of-closure
        _ = stored
    }

    func safe(handler: @escaping @Sendable (Int) -> Void) {
        _ = Box(handler)
        _ = Box({ @Sendable in print("ok") })
        _ = Box(42)
    }
}

/// A plain class is shared, not copied: an @unchecked Sendable type storing
/// one hands its closures to every thread.
final class Listener {
    var onEvent: (String) -> Void = { _ in }
}

final class Hub: @unchecked Sendable {
    let listener: Listener  // expect: unchecked-sendable-stored-closure
    var spares: [String: Listener?] = [:]  // expect: unchecked-sendable-stored-closure
    init(listener: Listener) { self.listener = listener }
}

/// Any conformer may satisfy the requirement with a stored closure.
protocol EventSink {
    var deliver: (String) -> Void { get }
}

/// A chain of aliases deeper than anyone writes by hand.
typealias Hop1 = Hop2
typealias Hop2 = Hop3
typealias Hop3 = Hop4
typealias Hop4 = Hop5
typealias Hop5 = Hop6
typealias Hop6 = Hop7
typealias Hop7 = Hop8
typealias Hop8 = Hop9
typealias Hop9 = (Int) -> Void

final class Pipeline: @unchecked Sendable {
    let sink: any EventSink  // expect: unchecked-sendable-stored-closure
    var deep: Hop1 = { _ in }  // expect: unchecked-sendable-stored-closure
    init(sink: any EventSink) { self.sink = sink }
}
