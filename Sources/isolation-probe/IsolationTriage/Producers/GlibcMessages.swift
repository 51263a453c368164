/// glibc: malloc's heap checks (`malloc_printerr`), abort, and the
/// futex, condition and semaphore waits a blocked thread sits in.
enum GlibcMessages {
    static let malloc = "bminor/glibc malloc/malloc.c (malloc_printerr)"

    static let producer = MessageProducer(
        id: "glibc",
        name: "the GNU C library",
        sources: ["bminor/glibc malloc/malloc.c", "bminor/glibc nptl", "libc.so.6"],
        messages: [
            ProducerMessage("double free or corruption", .heapCorruption, cause: "heap-corruption", source: malloc,
                            examples: ["double free or corruption (out)", "double free or corruption (!prev)"]),
            ProducerMessage("free(): invalid pointer", .heapCorruption, cause: "heap-corruption", source: malloc),
            ProducerMessage("malloc(): corrupted top size", .heapCorruption, cause: "heap-corruption", source: malloc),
            ProducerMessage("corrupted size vs. prev_size", .heapCorruption, cause: "heap-corruption", source: malloc),
        ],
        functions: [
            ProducerFunction("abort", .trap, source: "bminor/glibc stdlib/abort.c", exact: true),
            ProducerFunction("__pthread_kill_implementation", .trap, source: "bminor/glibc nptl/pthread_kill.c"),
            ProducerFunction("__futex_abstimed_wait_common", .wait, source: "bminor/glibc nptl/futex-internal.c"),
            ProducerFunction("__lll_lock_wait", .wait, source: "bminor/glibc nptl/lowlevellock.c"),
            ProducerFunction("pthread_cond_wait", .wait, source: "bminor/glibc nptl/pthread_cond_wait.c"),
            ProducerFunction("pthread_cond_timedwait", .wait, source: "bminor/glibc nptl/pthread_cond_wait.c"),
            ProducerFunction("sem_wait", .wait, source: "bminor/glibc nptl/sem_wait.c"),
            ProducerFunction("__restore_rt", .signalHandler, source: "bminor/glibc sysdeps/unix/sysv/linux/x86_64/libc_sigaction.c"),
        ]
    )
}
