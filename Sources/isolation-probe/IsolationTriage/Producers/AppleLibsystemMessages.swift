/// Apple's libsystem: libmalloc's heap checks, the kernel's wait traps,
/// and the signal trampoline.
enum AppleLibsystemMessages {
    static let libmalloc = "apple-oss-distributions/libmalloc src"

    static let producer = MessageProducer(
        id: "apple-libsystem",
        name: "Apple's libsystem (libmalloc, libsystem_kernel, libsystem_pthread)",
        sources: [libmalloc, "apple-oss-distributions/libpthread", "apple-oss-distributions/xnu libsyscall"],
        messages: [
            ProducerMessage("malloc: *** error for object {address}: pointer being freed was not allocated", .heapCorruption,
                            cause: "heap-corruption", source: "\(libmalloc)/malloc.c (free)",
                            examples: ["SCDevelop(12570,0x10263f8c0) malloc: *** error for object 0x2000001028741d1: pointer being freed was not allocated"]),
            ProducerMessage("malloc: *** error for object", .heapCorruption, cause: "heap-corruption", source: "\(libmalloc)/malloc.c"),
            ProducerMessage("pointer being freed was not allocated", .heapCorruption, cause: "heap-corruption", source: "\(libmalloc)/malloc.c"),
            ProducerMessage("Heap corruption", .heapCorruption, cause: "heap-corruption", source: "\(libmalloc)/nanov2_malloc.c, magazine_malloc.c",
                            examples: ["Heap corruption detected, free list is damaged at 0x600003f3c0c0"]),
        ],
        functions: [
            ProducerFunction("__pthread_kill", .trap, source: "apple-oss-distributions/xnu libsyscall"),
            ProducerFunction("abort_with_payload", .trap, source: "apple-oss-distributions/xnu libsyscall"),
            ProducerFunction("__psynch_cvwait", .wait, source: "apple-oss-distributions/xnu libsyscall"),
            ProducerFunction("__psynch_mutexwait", .wait, source: "apple-oss-distributions/xnu libsyscall"),
            ProducerFunction("__ulock_wait", .wait, source: "apple-oss-distributions/xnu libsyscall"),
            ProducerFunction("semaphore_wait_trap", .wait, source: "apple-oss-distributions/xnu libsyscall"),
            ProducerFunction("semaphore_timedwait_trap", .wait, source: "apple-oss-distributions/xnu libsyscall"),
            ProducerFunction("_os_unfair_lock_lock_slow", .wait, source: "apple-oss-distributions/libplatform"),
            ProducerFunction("objc_sync_enter", .wait, source: "apple-oss-distributions/objc4 objc-sync.mm (@synchronized)"),
            ProducerFunction("_sigtramp", .signalHandler, source: "apple-oss-distributions/libplatform _sigtramp"),
        ]
    )
}
