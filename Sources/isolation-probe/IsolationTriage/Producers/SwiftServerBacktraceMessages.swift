/// swift-server/swift-backtrace, the crash handler Linux servers installed
/// before Swift 5.9 had its own: on a fatal signal it prints
/// `Received signal N. Backtrace:` and one `0xPC, symbol at file:line` per
/// frame, from inside its handler, so its frames sit on top.
enum SwiftServerBacktraceMessages {
    static let backtrace = "swift-server/swift-backtrace Sources/Backtrace/Backtrace.swift"

    /// `install()`'s signals, by their Linux numbers (the package is for Linux).
    private static let installedSignals = [(4, "SIGILL"), (11, "SIGSEGV"), (7, "SIGBUS"), (8, "SIGFPE")]

    static let producer = MessageProducer(
        id: "swift-backtrace",
        name: "swift-server/swift-backtrace (pre-5.9 Linux crash handler)",
        sources: [backtrace],
        messages: installedSignals.map { number, name in
            ProducerMessage("Received signal \(number). Backtrace:", .signal, signal: name,
                            source: "\(backtrace) (printBacktrace, for install()'s \(name))",
                            examples: ["Received signal \(number). Backtrace:"])
        },
        functions: [
            ProducerFunction("Backtrace.(printBacktrace in ", .signalHandler, source: "\(backtrace) (private func printBacktrace(signal:))"),
            ProducerFunction("Backtrace.printBacktrace(signal:", .signalHandler, source: "\(backtrace) (printBacktrace, as older demanglers print it)"),
            ProducerFunction("Backtrace.install(signals:", .signalHandler, source: "\(backtrace) (the handler closure install(signals:) registers)"),
            ProducerFunction("backtrace_full", .signalHandler, source: "swift-server/swift-backtrace Sources/CBacktrace/backtrace.c (libbacktrace)", exact: true),
        ]
    )
}
