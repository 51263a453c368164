/// The Swift Concurrency library: the executor checks and their logging
/// mode, `assumeIsolated`, and the checked continuations.
enum SwiftConcurrencyMessages {
    static let concurrency = "swiftlang/swift stdlib/public/Concurrency"

    static let producer = MessageProducer(
        id: "swift-concurrency",
        name: "the Swift Concurrency library",
        sources: [concurrency, "libswift_Concurrency.so"],
        messages: [
            ProducerMessage("Incorrect actor executor assumption; expected '{executor}' executor.", .isolationCheck, cause: "executor-check",
                            source: "\(concurrency)/Actor.cpp (swift_task_reportUnexpectedExecutor)",
                            examples: ["Fatal error: Incorrect actor executor assumption; expected 'MainActor' executor."]),
            ProducerMessage("Incorrect actor executor assumption; Expected same executor as {executor}", .isolationCheck, cause: "assume-isolated",
                            source: "\(concurrency)/ExecutorAssertions.swift (assumeIsolated)",
                            examples: ["Fatal error: Incorrect actor executor assumption; Expected same executor as MainActor, but was executing on '<unknown>'."]),
            ProducerMessage("Incorrect actor executor assumption", .isolationCheck, cause: "executor-check",
                            source: "\(concurrency)/Actor.cpp, ExecutorAssertions.swift"),
            ProducerMessage("data race detected: {isolation} function at {location} was not called on the main thread", .isolationWarning,
                            cause: "logging-mode-warning", source: "\(concurrency)/Actor.cpp (swift_task_reportUnexpectedExecutor, legacy mode)",
                            examples: ["warning: data race detected: @MainActor function at M/File.swift:35 was not called on the main thread"]),
            ProducerMessage("data race detected", .isolationWarning, cause: "logging-mode-warning",
                            source: "\(concurrency)/Actor.cpp (swift_task_reportUnexpectedExecutor, legacy mode)"),
            ProducerMessage("SWIFT TASK CONTINUATION MISUSE: {function} tried to resume its continuation more than once", .stop,
                            cause: "continuation-misuse", source: "\(concurrency)/CheckedContinuation.swift (resume)",
                            examples: ["Fatal error: SWIFT TASK CONTINUATION MISUSE: login(_:) tried to resume its continuation more than once, returning ()!"]),
            ProducerMessage("tried to resume its continuation", .stop, cause: "continuation-misuse",
                            source: "\(concurrency)/CheckedContinuation.swift (resume)"),
            ProducerMessage("SWIFT TASK CONTINUATION MISUSE: {function} leaked its continuation", .diagnostic, cause: "leaked-continuation",
                            source: "\(concurrency)/CheckedContinuation.swift (deinit)",
                            examples: ["SWIFT TASK CONTINUATION MISUSE: fetch() leaked its continuation without resuming it. This may cause tasks waiting on it to remain suspended forever."]),
            ProducerMessage("leaked its continuation", .diagnostic, cause: "leaked-continuation",
                            source: "\(concurrency)/CheckedContinuation.swift (deinit)"),
        ],
        functions: [
            ProducerFunction("swift_task_isCurrentExecutor", .executorCheck, source: "\(concurrency)/Actor.cpp"),
            ProducerFunction("swift_task_checkIsolated", .executorCheck, source: "\(concurrency)/Actor.cpp"),
            ProducerFunction("_checkExpectedExecutor", .executorCheck, source: "\(concurrency)/Executor.swift"),
            ProducerFunction("swift_task_reportUnexpectedExecutor", .executorCheck, source: "\(concurrency)/Actor.cpp"),
            ProducerFunction("checkIsolated", .executorCheck, source: "\(concurrency)/Executor.swift (SerialExecutor.checkIsolated)"),
            ProducerFunction("preconditionIsolated", .executorCheck, source: "\(concurrency)/ExecutorAssertions.swift"),
            ProducerFunction("assertIsolated", .executorCheck, source: "\(concurrency)/ExecutorAssertions.swift"),
            ProducerFunction("swift_task_reportUnexpectedExecutor", .trap, source: "\(concurrency)/Actor.cpp"),
        ]
    )
}
