/// Recognises the signals and Mach exceptions a report names, however it
/// words them.
///
/// ```swift
/// StopSignals.names(in: "EXC_BREAKPOINT (SIGTRAP)")          // ["EXC_BREAKPOINT", "SIGTRAP"]
/// StopSignals.names(in: "*** Program crashed: Illegal instruction at 0x1 ***")  // ["SIGILL"]
/// ```
public enum StopSignals {
    /// Signals and exceptions a runtime trap produces: Swift's `fatalError`,
    /// preconditions and the executor checks all end in a trap instruction.
    public static let traps: Set<String> = ["SIGILL", "SIGTRAP", "EXC_BREAKPOINT", "EXC_BAD_INSTRUCTION"]
    /// Bad memory accesses.
    public static let memory: Set<String> = ["SIGSEGV", "SIGBUS", "EXC_BAD_ACCESS"]
    /// Deliberate aborts (`abort()`, uncaught exceptions).
    public static let aborts: Set<String> = ["SIGABRT", "EXC_CRASH"]

    /// The Swift backtracer's and the shell's words for signals.
    private static let descriptions: [(String, String)] = [
        ("Illegal instruction", "SIGILL"), ("Bad pointer dereference", "SIGSEGV"),
        ("Segmentation fault", "SIGSEGV"), ("Bus error", "SIGBUS"), ("Aborted", "SIGABRT"),
        ("System trap", "SIGTRAP"), ("Trace/breakpoint trap", "SIGTRAP"), ("Trace/BPT trap", "SIGTRAP"),
        ("Arithmetic error", "SIGFPE"), ("Floating point exception", "SIGFPE"), ("Killed", "SIGKILL"),
        // Sanitizers: `ERROR: ThreadSanitizer: ILL on unknown address …`.
        ("Sanitizer: ILL", "SIGILL"), ("Sanitizer: SEGV", "SIGSEGV"), ("Sanitizer: BUS", "SIGBUS"),
        ("Sanitizer: ABRT", "SIGABRT"), ("Sanitizer: FPE", "SIGFPE"), ("Sanitizer: TRAP", "SIGTRAP"),
        // zsh's words.
        ("illegal hardware instruction", "SIGILL"), ("segmentation fault", "SIGSEGV"), ("trace trap", "SIGTRAP"),
        ("bus error", "SIGBUS"),
        // The backtracer's first line: `*** Signal 4: Backtracing from 0x… ***`.
        ("Signal 4:", "SIGILL"), ("Signal 5:", "SIGTRAP"), ("Signal 6:", "SIGABRT"), ("Signal 7:", "SIGBUS"),
        ("Signal 8:", "SIGFPE"), ("Signal 11:", "SIGSEGV"),
    ]

    /// Every signal or exception name `text` mentions, in order, without repeats.
    ///
    /// ```swift
    /// StopSignals.names(in: "stop reason = signal SIGILL: illegal instruction operand")  // ["SIGILL"]
    /// ```
    public static func names(in text: String) -> [String] {
        var found = explicitNames(in: text)
        for (words, name) in descriptions where text.contains(words) && !found.contains(name) { found.append(name) }
        return found
    }

    /// The `SIG…` and `EXC_…` names `text` spells out, in order, without
    /// repeats (not the shell's words, which a sentence may use otherwise).
    ///
    /// ```swift
    /// StopSignals.explicitNames(in: "I'm getting EXC_BAD_ACCESS KERN_INVALID_ADDRESS crashes")  // ["EXC_BAD_ACCESS"]
    /// ```
    public static func explicitNames(in text: String) -> [String] {
        var found: [String] = []
        func add(_ name: String) { if !found.contains(name) { found.append(name) } }
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { $0 == "S" || $0 == "E" }) {
            let tail = rest[start...]
            if tail.hasPrefix("SIG") || tail.hasPrefix("EXC_") {
                let name = tail.prefix { $0.isUppercase || $0 == "_" || $0.isNumber }
                // `SIGNAL` is the .ips termination namespace, not a signal.
                if name.count > 4, name != "SIGNAL" { add(String(name)) }
                rest = tail.dropFirst(max(name.count, 1))
            } else {
                rest = tail.dropFirst()
            }
        }
        return found
    }
}
