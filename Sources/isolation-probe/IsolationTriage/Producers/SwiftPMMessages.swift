/// SwiftPM's own words while it runs: a second `swift build` or
/// `swift test` on the same build directory waits for the first one's
/// lock, for as long as that one runs.
enum SwiftPMMessages {
    static let commandState = "swiftlang/swift-package-manager Sources/CoreCommands/SwiftCommandState.swift (acquireLockIfNeeded; the strings of this toolchain's swift-package 6.3.1)"

    static let producer = MessageProducer(
        id: "swiftpm",
        name: "the Swift Package Manager",
        sources: [commandState],
        messages: [
            ProducerMessage("Another instance of SwiftPM {pid}is already running using '{path}', waiting until that process has finished execution...", .hang,
                            cause: "lock-wait", source: commandState,
                            examples: ["Another instance of SwiftPM is already running using '/src/shop/.build', waiting until that process has finished execution...",
                                       "Another instance of SwiftPM (PID: 4242) is already running using '/src/shop/.build', waiting until that process has finished execution..."]),
        ]
    )
}
