/// LLVM's crash handler, in every program built on LLVM's Support library
/// (the Swift compiler and interpreter, lldb, sourcekitd, clang): on a
/// fatal signal it prints the stack from inside its own handler, so its
/// frames sit on top of the stack that crashed.
enum LLVMSupportMessages {
    static let signals = "llvm/llvm-project llvm/lib/Support/Unix/Signals.inc"

    static let producer = MessageProducer(
        id: "llvm-support",
        name: "LLVM's signal handler (llvm/lib/Support)",
        sources: [signals, "llvm/llvm-project llvm/lib/Support/Signals.cpp"],
        messages: [],
        functions: [
            ProducerFunction("llvm::sys::PrintStackTrace", .signalHandler, source: "\(signals) (PrintStackTrace, PrintStackTraceSignalHandler)"),
            ProducerFunction("llvm::sys::RunSignalHandlers", .signalHandler, source: "llvm/llvm-project llvm/lib/Support/Signals.cpp"),
            ProducerFunction("llvm::sys::CleanupOnSignal", .signalHandler, source: signals),
            ProducerFunction("SignalHandler(int", .signalHandler, source: "\(signals) (static void SignalHandler(int Sig, siginfo_t *Info, void *))"),
        ]
    )
}
