/// Apple's crash reporter and its termination reasons: the codes
/// FrontBoard and RunningBoard write when they end an app, and the header
/// a crash report states the exception reason in.
enum AppleTerminationMessages {
    static let reporter = "Apple crash reports (developer.apple.com: Addressing watchdog terminations, Understanding the exception types in a crash report)"

    static let producer = MessageProducer(
        id: "apple-termination",
        name: "Apple's termination reasons",
        sources: [reporter],
        messages: [
            ProducerMessage("0x8badf00d", .hang, cause: "watchdog", source: reporter,
                            examples: ["Exception Codes: 0x000000008badf00d"]),
            ProducerMessage("0x8BADF00D", .hang, cause: "watchdog", source: reporter,
                            examples: ["Termination Reason: FRONTBOARD 2343432205 <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression>"]),
            ProducerMessage("watchdog transgression", .hang, cause: "watchdog", source: reporter),
            ProducerMessage("Termination Reason{reason}watchdog", .hang, cause: "watchdog", opensLine: true, source: reporter,
                            examples: ["Termination Reason: Namespace RUNNINGBOARD, Code 3735883980 watchdog"]),
            ProducerMessage("Exception Reason: {reason}", .stop, source: "Apple crash reports (Last Exception Backtrace header)",
                            examples: ["Exception Reason: *** -[__NSArrayM objectAtIndex:]: index 3 beyond bounds [0 .. 2]"]),
        ]
    )
}
