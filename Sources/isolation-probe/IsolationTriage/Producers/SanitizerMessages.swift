/// The sanitizers' report headlines (LLVM compiler-rt): ThreadSanitizer's
/// races, AddressSanitizer's heap errors, UndefinedBehaviorSanitizer's
/// runtime errors, and the signals each reports in its own words.
enum ThreadSanitizerMessages {
    static let tsan = "llvm/llvm-project compiler-rt/lib/tsan/rtl/tsan_report.cpp"

    static let producer = MessageProducer(
        id: "thread-sanitizer",
        name: "ThreadSanitizer",
        sources: ["llvm/llvm-project compiler-rt/lib/tsan"],
        messages: [
            ProducerMessage("WARNING: ThreadSanitizer: data race", .diagnostic, cause: "data-race", source: tsan,
                            examples: ["WARNING: ThreadSanitizer: data race (pid=4242)"]),
            ProducerMessage("WARNING: ThreadSanitizer: Swift access race", .diagnostic, cause: "data-race", source: tsan,
                            examples: ["WARNING: ThreadSanitizer: Swift access race (pid=4242)"]),
            ProducerMessage("ThreadSanitizer: {report}", .diagnostic, source: tsan,
                            examples: ["WARNING: ThreadSanitizer: lock-order-inversion (potential deadlock) (pid=4242)"]),
            ProducerMessage("ThreadSanitizer: SEGV on unknown address", .badAccess, cause: "bad-access", signal: "SIGSEGV",
                            source: "llvm/llvm-project compiler-rt/lib/sanitizer_common/sanitizer_symbolizer_report.cpp",
                            examples: ["==4242==ERROR: ThreadSanitizer: SEGV on unknown address 0x000000000000 (pc 0x1 bp 0x2 sp 0x3 T4242)"]),
            ProducerMessage("Sanitizer: ILL", .signal, signal: "SIGILL",
                            source: "llvm/llvm-project compiler-rt/lib/sanitizer_common/sanitizer_symbolizer_report.cpp (ReportDeadlySignal)",
                            examples: ["==1==ERROR: ThreadSanitizer: ILL on unknown address 0x55d0b7f5c0e7"]),
            ProducerMessage("Sanitizer: SEGV", .signal, signal: "SIGSEGV", source: "llvm/llvm-project compiler-rt/lib/sanitizer_common/sanitizer_symbolizer_report.cpp"),
            ProducerMessage("Sanitizer: BUS", .signal, signal: "SIGBUS", source: "llvm/llvm-project compiler-rt/lib/sanitizer_common/sanitizer_symbolizer_report.cpp"),
            ProducerMessage("Sanitizer: ABRT", .signal, signal: "SIGABRT", source: "llvm/llvm-project compiler-rt/lib/sanitizer_common/sanitizer_symbolizer_report.cpp"),
            ProducerMessage("Sanitizer: FPE", .signal, signal: "SIGFPE", source: "llvm/llvm-project compiler-rt/lib/sanitizer_common/sanitizer_symbolizer_report.cpp"),
            ProducerMessage("Sanitizer: TRAP", .signal, signal: "SIGTRAP", source: "llvm/llvm-project compiler-rt/lib/sanitizer_common/sanitizer_symbolizer_report.cpp"),
        ],
        functions: [
            ProducerFunction("__tsan::", .signalHandler, source: "llvm/llvm-project compiler-rt/lib/tsan/rtl"),
        ]
    )
}

/// AddressSanitizer's report headlines.
enum AddressSanitizerMessages {
    static let asan = "llvm/llvm-project compiler-rt/lib/asan/asan_errors.cpp"

    static let producer = MessageProducer(
        id: "address-sanitizer",
        name: "AddressSanitizer",
        sources: ["llvm/llvm-project compiler-rt/lib/asan"],
        messages: [
            ProducerMessage("AddressSanitizer: heap-use-after-free", .heapCorruption, cause: "heap-corruption", source: asan),
            ProducerMessage("AddressSanitizer: heap-buffer-overflow", .heapCorruption, cause: "heap-corruption", source: asan),
            ProducerMessage("AddressSanitizer: attempting double-free", .heapCorruption, cause: "heap-corruption", source: asan),
            ProducerMessage("AddressSanitizer: SEGV on unknown address", .badAccess, cause: "bad-access", signal: "SIGSEGV", source: asan),
        ]
    )
}

/// UndefinedBehaviorSanitizer: it reports and lets the program go on unless told to stop.
enum UndefinedBehaviorSanitizerMessages {
    static let producer = MessageProducer(
        id: "ub-sanitizer",
        name: "UndefinedBehaviorSanitizer",
        sources: ["llvm/llvm-project compiler-rt/lib/ubsan/ubsan_diag.cpp"],
        messages: [
            ProducerMessage("runtime error: {message}", .diagnostic, cause: "undefined-behavior",
                            source: "llvm/llvm-project compiler-rt/lib/ubsan/ubsan_diag.cpp",
                            examples: ["main.c:3:5: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'"]),
        ]
    )
}
