/// libdispatch: its misuse checks (`BUG IN CLIENT OF LIBDISPATCH`) and the
/// queue assertion the Swift runtime checks the main actor with.
enum LibdispatchMessages {
    static let source = "apple/swift-corelibs-libdispatch src"

    static let producer = MessageProducer(
        id: "libdispatch",
        name: "libdispatch",
        sources: [source, "libdispatch.so", "Apple's libdispatch.dylib"],
        messages: [
            ProducerMessage("BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread", .stop,
                            cause: "queue-deadlock", source: "\(source)/queue.c (__DISPATCH_WAIT_FOR_QUEUE__)"),
            ProducerMessage("dispatch_barrier_sync called on queue already owned by current thread", .stop,
                            cause: "queue-deadlock", source: "\(source)/queue.c (__DISPATCH_WAIT_FOR_QUEUE__)"),
            ProducerMessage("called on queue already owned", .stop, cause: "queue-deadlock",
                            source: "\(source)/queue.c (__DISPATCH_WAIT_FOR_QUEUE__)"),
            ProducerMessage("BUG IN CLIENT OF LIBDISPATCH: {message}", .stop, source: "\(source)/internal.h (DISPATCH_CLIENT_CRASH)",
                            examples: ["BUG IN CLIENT OF LIBDISPATCH: Release of a suspended object"]),
            ProducerMessage("Block was expected to execute on queue [{label}]", .queueAssertion,
                            source: "\(source)/queue.c (_dispatch_assert_queue_fail)",
                            examples: ["BUG IN CLIENT OF LIBDISPATCH: Block was expected to execute on queue [com.apple.main-thread (0x1f2b4c8c0)]"]),
        ],
        functions: [
            ProducerFunction("dispatch_assert_queue", .queueCheck, source: "\(source)/queue.c"),
            ProducerFunction("_dispatch_assert_queue_fail", .trap, source: "\(source)/queue.c"),
            ProducerFunction("__DISPATCH_WAIT_FOR_QUEUE__", .trap, cause: "queue-deadlock", source: "\(source)/queue.c"),
            ProducerFunction("DISPATCH_WAIT_FOR_QUEUE", .trap, cause: "queue-deadlock", source: "\(source)/queue.c"),
            ProducerFunction("_dispatch_client_crash", .trap, source: "\(source)/init.c"),
            ProducerFunction("_dispatch_semaphore_wait_slow", .wait, source: "\(source)/semaphore.c"),
            ProducerFunction("_dispatch_group_wait_slow", .wait, source: "\(source)/semaphore.c"),
            ProducerFunction("_dispatch_sema4_wait", .wait, source: "\(source)/shims/lock.c"),
            ProducerFunction("_dispatch_thread_event_wait_slow", .wait, source: "\(source)/shims/lock.c"),
        ]
    )
}
