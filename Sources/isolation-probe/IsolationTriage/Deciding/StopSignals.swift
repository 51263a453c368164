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

    /// The producers' words for signals (the Swift backtracer's headline,
    /// the shell's and zsh's lines, the sanitizers' deadly-signal reports):
    /// every catalog entry that stands for a signal (``ProducerMessage/signal``).
    private static let descriptions: [(fragments: [String], signal: String)] = Producers.messages.compactMap { entry in
        entry.signal.map { (entry.fragments, $0) }
    }

    /// Every signal or exception name `text` mentions, in order, without repeats.
    ///
    /// ```swift
    /// StopSignals.names(in: "stop reason = signal SIGILL: illegal instruction operand")  // ["SIGILL"]
    /// ```
    public static func names(in text: String) -> [String] {
        var found = explicitNames(in: text)
        for (fragments, name) in descriptions where !found.contains(name) && fragments.allSatisfy({ text.contains($0) }) {
            found.append(name)
        }
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
