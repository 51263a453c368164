/// The lines a shell (bash, dash, zsh) or the kernel prints when a child
/// dies by a signal: `strsignal`'s descriptions, zsh's own words, and the
/// out-of-memory killer.
enum ShellSignalMessages {
    static let strsignal = "bminor/glibc string/strsignal.c, sysdeps/generic/siglist.h"
    static let zsh = "zsh Src/signames2.awk"

    static let producer = MessageProducer(
        id: "shell",
        name: "the Linux shell and kernel",
        sources: [strsignal, zsh, "torvalds/linux mm/oom_kill.c", "torvalds/linux arch/x86/mm/fault.c"],
        messages: [
            ProducerMessage("Illegal instruction", .signal, signal: "SIGILL", opensLine: true, source: strsignal,
                            examples: ["Illegal instruction (core dumped)"]),
            ProducerMessage("Segmentation fault", .signal, signal: "SIGSEGV", opensLine: true, source: strsignal,
                            examples: ["Segmentation fault (core dumped)"]),
            ProducerMessage("Trace/breakpoint trap", .signal, signal: "SIGTRAP", opensLine: true, source: strsignal),
            ProducerMessage("Aborted", .signal, signal: "SIGABRT", opensLine: true, source: strsignal,
                            examples: ["Aborted (core dumped)"]),
            ProducerMessage("Bus error", .signal, signal: "SIGBUS", opensLine: true, source: strsignal),
            ProducerMessage("Floating point exception", .signal, signal: "SIGFPE", opensLine: true, source: strsignal),
            ProducerMessage("Killed", .killed, signal: "SIGKILL", opensLine: true, source: strsignal),
            ProducerMessage("illegal hardware instruction", .signal, signal: "SIGILL", opensLine: true, source: zsh),
            ProducerMessage("segmentation fault", .signal, signal: "SIGSEGV", opensLine: true, source: zsh),
            ProducerMessage("trace trap", .signal, signal: "SIGTRAP", opensLine: true, source: zsh),
            ProducerMessage("bus error", .signal, signal: "SIGBUS", opensLine: true, source: zsh),
            // macOS's shells print BSD's descriptions.
            ProducerMessage("Trace/BPT trap", .signal, signal: "SIGTRAP", opensLine: true, source: "apple-oss-distributions/Libc gen/siglist.c"),
        ]
    )
}
