/// What triage concluded a report shows.
///
/// ```swift
/// TriageVerdict(rawValue: "isolation-trap")   // .isolationTrap
/// ```
public enum TriageVerdict: String, Sendable, Codable, CaseIterable {
    /// The runtime's executor check stopped the program, or in its logging
    /// mode reported and let it continue (`warning: data race detected`):
    /// code isolated to an actor ran somewhere else.
    case isolationTrap = "isolation-trap"
    /// A trap for another reason (precondition, force-unwrap of nil, array
    /// bounds …); SIGILL / EXC_BREAKPOINT alone looks the same.
    case otherTrap = "other-trap"
    /// A bad memory access (EXC_BAD_ACCESS, SIGSEGV, SIGBUS), also when it
    /// happens inside the executor-check code: that is not an isolation assertion.
    case memoryCorruption = "memory-corruption"
    /// The program was killed for not responding (a watchdog).
    case hang
    /// The text shows no crash (a backtrace taken at a breakpoint, a Main
    /// Thread Checker or Thread Performance Checker report, a leaked
    /// continuation warning).
    case notACrash = "not-a-crash"
    /// A crash that the report does not say enough about to classify.
    case unknown
}
