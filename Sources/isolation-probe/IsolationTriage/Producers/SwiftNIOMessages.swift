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
        ]
    )
}
