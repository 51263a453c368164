/// Apple's dynamic loader: when a library the program links, or a symbol
/// in it, is missing at launch, dyld ends the process before `main`.
enum DyldMessages {
    static let dyld = "apple-oss-distributions/dyld"

    static let producer = MessageProducer(
        id: "dyld",
        name: "dyld (Apple's dynamic loader)",
        sources: ["\(dyld) include/mach-o/dyld_priv.h (DYLD_EXIT_REASON_*)", "\(dyld) src/ImageLoaderMachO.cpp"],
        messages: [
            ProducerMessage("Namespace DYLD, Code {code}", .stop, cause: "dyld-launch-failure",
                            source: "\(dyld) include/mach-o/dyld_priv.h (abort_with_reason with a DYLD_EXIT_REASON_* code), as the crash report's Termination Reason shows it",
                            examples: ["Termination Reason:    Namespace DYLD, Code 1 Library missing"]),
            ProducerMessage("Library not loaded: {path}", .stop, cause: "dyld-launch-failure", source: "\(dyld) src/ImageLoaderMachO.cpp (doGetDependentLibraries)",
                            examples: ["dyld: Library not loaded: @rpath/Shop.framework/Shop"]),
            ProducerMessage("Symbol not found: {symbol}", .stop, cause: "dyld-launch-failure", source: "\(dyld) (a symbol a loaded library lacks, DYLD_EXIT_REASON_SYMBOL_MISSING)",
                            examples: ["dyld: Symbol not found: _OBJC_CLASS_$_CartView"]),
        ]
    )
}
