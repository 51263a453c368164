enum Logging {
    static var sink: LoggingSink {
        get { _sink.value }
        set { _sink.value = newValue }
    }

    private static let _sink = Box<LoggingSink>({ print($0) })  // expect: unchecked-box-of-closure

    nonisolated(unsafe) static var fallback: LoggingSink = { print($0) }  // expect: nonisolated-unsafe-mutable-closure

    static let metrics = LockedBox<
        (Int) -> Void  // expect: unchecked-box-of-closure
    >({ _ in })
}

final class Example: @unchecked Sendable {
    var closure: (String) -> Void = { _ in }  // expect: unchecked-sendable-stored-closure
    let handlers: Handlers  // expect: unchecked-sendable-stored-closure
    var onError: ((any Error) -> Void)?  // expect: unchecked-sendable-stored-closure
    var inferred = { (code: Int) in print(code) }  // expect: unchecked-sendable-stored-closure
    var safe: @Sendable (String) -> Void = { _ in }
    var mainOnly: @MainActor (String) -> Void = { _ in }

    init(handlers: Handlers) { self.handlers = handlers }
}
