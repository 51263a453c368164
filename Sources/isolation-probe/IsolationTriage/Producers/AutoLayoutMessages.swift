/// The Auto Layout engine (`NSISEngine`, in Apple's Foundation) checks
/// that constraints change on the thread that owns the views. Older
/// systems log a warning with the call stack and go on; later ones raise.
/// Closed source: the words are the engine's as apps print them, and its
/// assertion's name as it appears in those stacks.
enum AutoLayoutMessages {
    static let engine = "Apple Foundation NSISEngine (_AssertAutolayoutOnAllowedThreadsOnly, closed source)"

    static let producer = MessageProducer(
        id: "auto-layout",
        name: "the Auto Layout engine",
        sources: [engine],
        messages: [
            ProducerMessage("Modifications to the layout engine must not be performed from a background thread after it has been accessed from the main thread.", .stop,
                            cause: "framework-thread-check",
                            source: "\(engine) (iOS 10 and later: the NSInternalInconsistencyException reason it raises)",
                            examples: ["*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Modifications to the layout engine must not be performed from a background thread after it has been accessed from the main thread.'"]),
            ProducerMessage("This application is modifying the autolayout engine from a background thread{detail}This can lead to engine corruption and weird crashes.", .diagnostic,
                            cause: "layout-off-main-thread",
                            source: "\(engine) (iOS 9 and macOS 10.11-10.12: it logs this and the stack, then goes on)",
                            examples: ["This application is modifying the autolayout engine from a background thread after the engine was accessed from the main thread. This can lead to engine corruption and weird crashes."]),
            ProducerMessage("This application is modifying the autolayout engine from a background thread, which can lead to engine corruption and weird crashes.", .diagnostic,
                            cause: "layout-off-main-thread",
                            source: "\(engine) (iOS 9: the first wording, which adds `This will cause an exception in a future release.`)",
                            examples: ["This application is modifying the autolayout engine from a background thread, which can lead to engine corruption and weird crashes.  This will cause an exception in a future release."]),
        ],
        functions: [
            // It raises and catches an exception to take the stack it logs, so `objc_exception_throw` above it is no stop.
            ProducerFunction("_AssertAutolayoutOnAllowedThreadsOnly", .checkerReport, cause: "layout-off-main-thread", source: engine),
        ]
    )
}
