/// The build's own tools: a compiler's or linker's error means the program
/// was never built, so nothing in the text ran or crashed.
enum BuildToolMessages {
    static let ld64 = "apple-oss-distributions/ld64 src/ld/Resolver.cpp (Resolver::checkUndefines)"

    static let producer = MessageProducer(
        id: "build-tools",
        name: "compilers and linkers (swift-frontend, clang, ld64, GNU ld)",
        sources: ["llvm/llvm-project llvm/lib/Support/SourceMgr.cpp (SMDiagnostic::print)", "swiftlang/swift lib/Frontend/PrintingDiagnosticConsumer.cpp", ld64],
        messages: [
            // `File.swift:12:5: error: …`, `clang: error: …`: the tool's (or the file's) name, then the severity.
            ProducerMessage("{location}: error: {message}", .diagnostic, cause: "build-failure", opensLine: true,
                            source: "llvm/llvm-project llvm/lib/Support/SourceMgr.cpp (SMDiagnostic::print), swiftlang/swift lib/Frontend/PrintingDiagnosticConsumer.cpp",
                            examples: ["/src/Shop/Cart.swift:12:5: error: main actor-isolated property 'total' can not be mutated from a nonisolated context",
                                       "clang: error: linker command failed with exit code 1 (use -v to see invocation)"]),
            ProducerMessage("Undefined symbols for architecture {arch}:", .diagnostic, cause: "build-failure", opensLine: true, source: ld64,
                            examples: ["Undefined symbols for architecture arm64:"]),
            ProducerMessage("ld: symbol(s) not found for architecture {arch}", .diagnostic, cause: "build-failure", opensLine: true, source: ld64,
                            examples: ["ld: symbol(s) not found for architecture arm64"]),
            ProducerMessage("linker command failed with exit code {code} (use -v to see invocation)", .diagnostic, cause: "build-failure",
                            source: "llvm/llvm-project clang/include/clang/Basic/DiagnosticDriverKinds.td (err_drv_command_failed)",
                            examples: ["clang: error: linker command failed with exit code 1 (use -v to see invocation)"]),
            ProducerMessage("undefined reference to `{symbol}'", .diagnostic, cause: "build-failure",
                            source: "bminor/binutils-gdb ld/ldmain.c (undefined_symbol)",
                            examples: ["main.o: in function `main': undefined reference to `shop_checkout'"]),
        ]
    )
}
