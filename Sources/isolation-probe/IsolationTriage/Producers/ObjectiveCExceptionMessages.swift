/// Foundation, CoreFoundation, the Objective-C runtime and libc++abi:
/// how an uncaught exception ends a program.
enum ObjectiveCExceptionMessages {
    static let producer = MessageProducer(
        id: "objc-exceptions",
        name: "Foundation and Objective-C exceptions",
        sources: ["apple-oss-distributions/CF CFRuntime.c", "apple-oss-distributions/objc4 runtime/objc-exception.mm",
                  "llvm/llvm-project libcxxabi/src/cxa_default_handlers.cpp", "swiftlang/swift-corelibs-foundation"],
        messages: [
            ProducerMessage("*** Terminating app due to uncaught exception '{name}', reason: '{reason}'", .stop, cause: "uncaught-exception",
                            source: "apple-oss-distributions/CF (__CFExceptionProem, via the uncaught-exception handler)",
                            examples: ["*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update'"]),
            ProducerMessage("Terminating app due to uncaught exception", .stop, cause: "uncaught-exception",
                            source: "apple-oss-distributions/CF (__CFExceptionProem)"),
            ProducerMessage("terminating due to uncaught exception of type {type}", .stop, cause: "uncaught-exception",
                            source: "llvm/llvm-project libcxxabi/src/cxa_default_handlers.cpp (demangling_terminate_handler)",
                            examples: ["libc++abi: terminating due to uncaught exception of type NSException"]),
            ProducerMessage("terminating with uncaught exception of type {type}", .stop, cause: "uncaught-exception",
                            source: "llvm/llvm-project libcxxabi/src/cxa_default_handlers.cpp (older libc++abi)",
                            examples: ["libc++abi.dylib: terminating with uncaught exception of type NSException"]),
        ],
        functions: [
            ProducerFunction("objc_exception_throw", .trap, cause: "uncaught-exception", source: "apple-oss-distributions/objc4 runtime/objc-exception.mm"),
            ProducerFunction("__cxa_throw", .trap, cause: "uncaught-exception", source: "llvm/llvm-project libcxxabi/src/cxa_exception.cpp"),
            ProducerFunction("std::__terminate", .trap, cause: "uncaught-exception", source: "llvm/llvm-project libcxxabi/src/cxa_handlers.cpp"),
        ]
    )
}
