/// lldb's stop reasons when a sanitizer's report stops the program under
/// the debugger (Xcode's "Address Sanitizer" and "Thread Sanitizer"
/// options): `stop reason = Use of deallocated memory` instead of the
/// runtime's own `ERROR: AddressSanitizer: heap-use-after-free` line.
/// AddressSanitizer's reports end the program; ThreadSanitizer's let it go on.
enum LLDBInstrumentationMessages {
    static let asan = "llvm/llvm-project lldb/source/Plugins/InstrumentationRuntime/ASan (AddressSanitizerRuntime::FormatDescription, the report's code → its stop reason)"
    static let tsan = "llvm/llvm-project lldb/source/Plugins/InstrumentationRuntime/TSan/InstrumentationRuntimeTSan.cpp (FormatDescription, then NotifyBreakpointHit adds \" detected\")"

    static let producer = MessageProducer(
        id: "lldb-instrumentation",
        name: "lldb's sanitizer stop reasons",
        sources: [asan, tsan],
        messages: [
            ProducerMessage("stop reason = Use of deallocated memory", .heapCorruption, cause: "heap-corruption", source: asan),  // heap-use-after-free
            ProducerMessage("stop reason = Heap buffer overflow", .heapCorruption, cause: "heap-corruption", source: asan),  // heap-buffer-overflow
            ProducerMessage("stop reason = Stack buffer underflow", .heapCorruption, cause: "heap-corruption", source: asan),  // stack-buffer-underflow
            ProducerMessage("stop reason = Initialization order problem", .heapCorruption, cause: "heap-corruption", source: asan),  // initialization-order-fiasco
            ProducerMessage("stop reason = Stack buffer overflow", .heapCorruption, cause: "heap-corruption", source: asan),  // stack-buffer-overflow
            ProducerMessage("stop reason = Use of stack memory after return", .heapCorruption, cause: "heap-corruption", source: asan),  // stack-use-after-return
            ProducerMessage("stop reason = Use of poisoned memory", .heapCorruption, cause: "heap-corruption", source: asan),  // use-after-poison
            ProducerMessage("stop reason = Container overflow", .heapCorruption, cause: "heap-corruption", source: asan),  // container-overflow
            ProducerMessage("stop reason = Use of out-of-scope stack memory", .heapCorruption, cause: "heap-corruption", source: asan),  // stack-use-after-scope
            ProducerMessage("stop reason = Global buffer overflow", .heapCorruption, cause: "heap-corruption", source: asan),  // global-buffer-overflow
            ProducerMessage("stop reason = Invalid memory access", .badAccess, source: asan),  // unknown-crash
            ProducerMessage("stop reason = Stack space exhausted", .badAccess, source: asan),  // stack-overflow
            ProducerMessage("stop reason = Dereference of null pointer", .badAccess, source: asan),  // null-deref
            ProducerMessage("stop reason = Jump to non-executable address", .badAccess, source: asan),  // wild-jump
            ProducerMessage("stop reason = Write through wild pointer", .badAccess, source: asan),  // wild-addr-write
            ProducerMessage("stop reason = Read from wild pointer", .badAccess, source: asan),  // wild-addr-read
            ProducerMessage("stop reason = Access through wild pointer", .badAccess, source: asan),  // wild-addr
            ProducerMessage("stop reason = Deadly signal", .badAccess, source: asan),  // signal
            ProducerMessage("stop reason = Deallocation of freed memory", .heapCorruption, cause: "heap-corruption", source: asan),  // double-free
            ProducerMessage("stop reason = Deallocation size different from allocation size", .heapCorruption, cause: "heap-corruption", source: asan),  // new-delete-type-mismatch
            ProducerMessage("stop reason = Deallocation of non-allocated memory", .heapCorruption, cause: "heap-corruption", source: asan),  // bad-free
            ProducerMessage("stop reason = Mismatch between allocation and deallocation APIs", .heapCorruption, cause: "heap-corruption", source: asan),  // alloc-dealloc-mismatch
            ProducerMessage("stop reason = Invalid argument to malloc_usable_size", .heapCorruption, cause: "heap-corruption", source: asan),  // bad-malloc_usable_size
            ProducerMessage("stop reason = Invalid argument to __sanitizer_get_allocated_size", .heapCorruption, cause: "heap-corruption", source: asan),  // bad-__sanitizer_get_allocated_size
            ProducerMessage("stop reason = Call to function disallowing overlapping memory ranges", .heapCorruption, cause: "heap-corruption", source: asan),  // param-overlap
            ProducerMessage("stop reason = Negative size used when accessing memory", .heapCorruption, cause: "heap-corruption", source: asan),  // negative-size-param
            ProducerMessage("stop reason = Invalid argument to __sanitizer_annotate_contiguous_container", .heapCorruption, cause: "heap-corruption", source: asan),  // bad-__sanitizer_annotate_contiguous_container
            ProducerMessage("stop reason = Symbol defined in multiple translation units", .heapCorruption, cause: "heap-corruption", source: asan),  // odr-violation
            ProducerMessage("stop reason = Comparison or arithmetic on pointers from different memory regions", .heapCorruption, cause: "heap-corruption", source: asan),  // invalid-pointer-pair
            ProducerMessage("stop reason = Data race detected", .diagnostic, cause: "data-race", source: tsan),  // data-race
            ProducerMessage("stop reason = Data race on C++ virtual pointer detected", .diagnostic, cause: "data-race", source: tsan),  // data-race-vptr
            ProducerMessage("stop reason = Use of deallocated memory detected", .diagnostic, cause: "heap-corruption", source: tsan),  // heap-use-after-free
            ProducerMessage("stop reason = Use of deallocated C++ virtual pointer detected", .diagnostic, cause: "heap-corruption", source: tsan),  // heap-use-after-free-vptr
            ProducerMessage("stop reason = Thread leak detected", .diagnostic, source: tsan),  // thread-leak
            ProducerMessage("stop reason = Destruction of a locked mutex detected", .diagnostic, cause: "lock-misuse", source: tsan),  // locked-mutex-destroy
            ProducerMessage("stop reason = Double lock of a mutex detected", .diagnostic, cause: "lock-misuse", source: tsan),  // mutex-double-lock
            ProducerMessage("stop reason = Use of an uninitialized or destroyed mutex detected", .diagnostic, cause: "lock-misuse", source: tsan),  // mutex-invalid-access
            ProducerMessage("stop reason = Unlock of an unlocked mutex (or by a wrong thread) detected", .diagnostic, cause: "lock-misuse", source: tsan),  // mutex-bad-unlock
            ProducerMessage("stop reason = Read lock of a write locked mutex detected", .diagnostic, cause: "lock-misuse", source: tsan),  // mutex-bad-read-lock
            ProducerMessage("stop reason = Read unlock of a write locked mutex detected", .diagnostic, cause: "lock-misuse", source: tsan),  // mutex-bad-read-unlock
            ProducerMessage("stop reason = Signal-unsafe call inside a signal handler detected", .diagnostic, source: tsan),  // signal-unsafe-call
            ProducerMessage("stop reason = Overwrite of errno in a signal handler detected", .diagnostic, source: tsan),  // errno-in-signal-handler
            ProducerMessage("stop reason = Lock order inversion (potential deadlock) detected", .diagnostic, cause: "lock-misuse", source: tsan),  // lock-order-inversion
            ProducerMessage("stop reason = Race on a library object detected", .diagnostic, cause: "data-race", source: tsan),  // external-race
            ProducerMessage("stop reason = Swift access race detected", .diagnostic, cause: "data-race", source: tsan),  // swift-access-race
        ]
    )
}
