/// Xcode's runtime checkers: they report and let the program go on.
enum XcodeCheckerMessages {
    static let producer = MessageProducer(
        id: "xcode-checkers",
        name: "Xcode's Main Thread Checker and Thread Performance Checker",
        sources: ["Xcode libMainThreadChecker.dylib", "Xcode Thread Performance Checker (developer.apple.com: Diagnosing performance issues early)"],
        messages: [
            ProducerMessage("Main Thread Checker: UI API called on a background thread: {method}", .diagnostic, cause: "main-thread-checker",
                            source: "Xcode libMainThreadChecker.dylib",
                            examples: ["Main Thread Checker: UI API called on a background thread: -[UIView setNeedsLayout]"]),
            ProducerMessage("Main Thread Checker:", .diagnostic, cause: "main-thread-checker", source: "Xcode libMainThreadChecker.dylib"),
            ProducerMessage("Thread Performance Checker: {message}", .diagnostic, cause: "priority-inversion",
                            source: "Xcode Thread Performance Checker",
                            examples: ["Thread Performance Checker: Thread running at QOS_CLASS_USER_INTERACTIVE waiting on a lower QoS thread running at QOS_CLASS_DEFAULT. Investigate ways to avoid priority inversions"]),
        ]
    )
}
