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
            ProducerMessage("Message from debugger: Terminated due to memory issue", .killed, cause: "jetsam",
                            source: "Xcode's debug session (IDEDebugSessionErrorDomain): the exit reason it shows for a process the system ended for its memory",
                            examples: ["Failure Reason: Message from debugger: Terminated due to memory issue"]),
            ProducerMessage("This method can cause UI unresponsiveness if invoked on the main thread.", .diagnostic, cause: "main-thread-blocking-call",
                            source: "Apple CoreLocation (closed source: the runtime issue Xcode shows for a blocking CLLocationManager call on the main thread)",
                            examples: ["This method can cause UI unresponsiveness if invoked on the main thread. Instead, consider waiting for the `-locationManagerDidChangeAuthorization:` callback and checking `authorizationStatus` first."]),
            ProducerMessage("Thread Performance Checker: {message}", .diagnostic, cause: "priority-inversion",
                            source: "Xcode Thread Performance Checker",
                            examples: ["Thread Performance Checker: Thread running at QOS_CLASS_USER_INTERACTIVE waiting on a lower QoS thread running at QOS_CLASS_DEFAULT. Investigate ways to avoid priority inversions"]),
            ProducerMessage("Thread running at {qos} waiting on a lower QoS thread running at {lowerQoS}. Investigate ways to avoid priority inversions", .diagnostic,
                            cause: "priority-inversion", source: "Xcode Thread Performance Checker (its report's text, also logged without the checker's name)",
                            examples: ["Thread running at QOS_CLASS_USER_INITIATED waiting on a lower QoS thread running at QOS_CLASS_DEFAULT. Investigate ways to avoid priority inversions"]),
            ProducerMessage("PID: {pid}, TID: {tid}, Thread name: {thread}, Queue name: {queue}, QoS: {qos}", .diagnostic, cause: "main-thread-checker",
                            source: "Xcode libMainThreadChecker.dylib (the report's second line)",
                            examples: ["PID: 4242, TID: 123456, Thread name: (none), Queue name: com.apple.root.default-qos, QoS: 0"]),
            ProducerMessage("Thread Performance Checker: Thread running at {qos} quality-of-service class waiting on a lower QoS thread running at {lower} quality-of-service class. Investigate ways to avoid priority inversions",
                            .diagnostic, cause: "priority-inversion", source: "Xcode Thread Performance Checker (libdispatch's and the kernel's priority-inversion report)",
                            examples: ["Thread Performance Checker: Thread running at User-interactive quality-of-service class waiting on a lower QoS thread running at Default quality-of-service class. Investigate ways to avoid priority inversions"]),
            ProducerMessage("This method should not be called on the main thread as it may lead to UI unresponsiveness.", .diagnostic, cause: "app-hang",
                            source: "Xcode Thread Performance Checker (a blocking API on the main thread)"),
        ],
        functions: [
            ProducerFunction("__main_thread_checker_on_report", .checkerReport, cause: "main-thread-checker", source: "Xcode libMainThreadChecker.dylib (its report hook: break here)"),
            ProducerFunction("__ASSERT_API_MUST_BE_CALLED_FROM_MAIN_THREAD_FAILED__", .trap, cause: "main-thread-checker", source: "Xcode libMainThreadChecker.dylib, UIKitCore"),
        ]
    )
}
