/// SwiftNIO's own preconditions: `BUG DETECTED` marks a misuse NIO stops on.
enum SwiftNIOMessages {
    static let producer = MessageProducer(
        id: "swift-nio",
        name: "SwiftNIO",
        sources: ["apple/swift-nio Sources/NIOCore", "apple/swift-nio Sources/NIOPosix"],
        messages: [
            ProducerMessage("BUG DETECTED: {message}", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOCore/EventLoop.swift, Sources/NIOPosix/SelectableEventLoop.swift",
                            examples: ["NIOPosix/SelectableEventLoop.swift:437: Precondition failed: BUG DETECTED: wait() must not be called when on an EventLoop."]),
            ProducerMessage("BUG DETECTED: wait() must not be called when on an EventLoop.", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOPosix/SelectableEventLoop.swift (_preconditionSafeToWait, 2.101.3)",
                            examples: ["NIOPosix/SelectableEventLoop.swift:437: Precondition failed: BUG DETECTED: wait() must not be called when on an EventLoop."]),
            ProducerMessage("Calling wait() on any EventLoop can lead to", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOPosix/SelectableEventLoop.swift (_preconditionSafeToWait: the explanation's second line)"),
            ProducerMessage("BUG DETECTED: syncShutdownGracefully() must not be called when on an EventLoop.", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOPosix/MultiThreadedEventLoopGroup.swift (_preconditionSafeToSyncShutdown, 2.101.3)",
                            examples: ["NIOPosix/MultiThreadedEventLoopGroup.swift:545: Fatal error: BUG DETECTED: syncShutdownGracefully() must not be called when on an EventLoop."]),
            ProducerMessage("Calling syncShutdownGracefully() on any EventLoop can lead to deadlocks.", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOPosix/MultiThreadedEventLoopGroup.swift (_preconditionSafeToSyncShutdown)"),
            ProducerMessage("BUG IN NIO (please report): EventLoop is shutdown, yet we're on the EventLoop.", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOPosix/SelectableEventLoop.swift (2.101.3)"),
            ProducerMessage("Cannot schedule tasks on an EventLoop that has already shut down.", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOPosix/SelectableEventLoop.swift (scheduleTask, 2.101.3)",
                            examples: ["NIOPosix/SelectableEventLoop.swift:483: Fatal error: Cannot schedule tasks on an EventLoop that has already shut down."]),
            ProducerMessage("leaking promise created at {location}", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOCore/EventLoopFuture.swift (EventLoopPromise deinit with leak checking, 2.101.3)",
                            examples: ["NIOCore/EventLoopFuture.swift:479: Fatal error: leaking promise created at (file: \"MyApp/Server.swift\", line: 20)"]),
            ProducerMessage("BUG IN NIO, please report: negative suggested loop/thread count: {count}", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOCore/GlobalSingletons.swift (2.101.3)",
                            examples: ["Precondition failed: BUG IN NIO, please report: negative suggested loop/thread count: -1"]),
            ProducerMessage("BUG IN NIO, please report: overly big suggested loop/thread count: {count}", .stop, cause: "precondition",
                            source: "apple/swift-nio Sources/NIOCore/GlobalSingletons.swift (2.101.3)",
                            examples: ["Precondition failed: BUG IN NIO, please report: overly big suggested loop/thread count: 100000"]),
        ]
    )
}
