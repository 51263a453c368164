/// RxSwift's debug-build checks on an observable sequence's grammar: two
/// threads sending events into one sequence at once, or a sequence
/// re-entered from its own event. It prints them and goes on (it stops
/// only when built with `FATAL_SYNCHRONIZATION`).
enum RxSwiftMessages {
    static let rx = "ReactiveX/RxSwift RxSwift/Rx.swift (SynchronizationTracker.register)"

    static let producer = MessageProducer(
        id: "rxswift",
        name: "RxSwift's synchronization tracker (debug builds)",
        sources: [rx],
        messages: [
            ProducerMessage("⚠️ Synchronization anomaly was detected.", .diagnostic, cause: "rx-synchronization", source: rx),
            ProducerMessage("⚠️ Reentrancy anomaly was detected.", .diagnostic, cause: "rx-reentrancy", source: rx),
        ]
    )
}
