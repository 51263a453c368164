/// The rules `isolation-probe lint` checks, with the text a finding carries.
///
/// Rule ids are stable: they appear in suppression comments, JSON and SARIF.
///
/// ```swift
/// let rule = LintRule(rawValue: "unchecked-sendable-stored-closure")
/// print(rule?.summary ?? "unknown rule")
/// ```
package enum LintRule: String, CaseIterable, Codable, Sendable {
    /// A type declared `@unchecked Sendable` stores a function value whose
    /// type is not `@Sendable`: the seed's stored-closure loophole.
    case uncheckedSendableStoredClosure = "unchecked-sendable-stored-closure"

    /// A generic `@unchecked Sendable` wrapper stores an unconstrained `T`
    /// and hands out `T` or `inout T` without `sending`: the seed's `Box<T>`.
    case uncheckedSendableGenericBox = "unchecked-sendable-generic-box"

    /// A `nonisolated(unsafe)` mutable static or global of function type.
    case nonisolatedUnsafeMutableClosure = "nonisolated-unsafe-mutable-closure"

    /// A wrapper flagged by `unchecked-sendable-generic-box` is instantiated
    /// with a non-`@Sendable` function type: the seed's `Box<LoggingSink>`.
    case uncheckedBoxOfClosure = "unchecked-box-of-closure"

    /// `MainActor.assumeIsolated` (or another global actor's) inside a closure
    /// that runs on whatever thread calls it: catalog case 13a.
    case assumeIsolatedInSendableClosure = "assume-isolated-in-sendable-closure"

    /// An `isolation-probe:ignore` comment without a reason after `--`.
    case suppressionWithoutReason = "suppression-without-reason"

    /// An `isolation-probe:ignore` comment naming no rule or an unknown one.
    case suppressionUnknownRule = "suppression-unknown-rule"

    /// An `isolation-probe:ignore` comment that matched no finding.
    case suppressionUnused = "suppression-unused"

    /// Whether an `isolation-probe:ignore` comment may silence this rule.
    /// Findings about suppressions themselves cannot be suppressed.
    var isSuppressible: Bool {
        switch self {
        case .uncheckedSendableStoredClosure, .uncheckedSendableGenericBox,
            .nonisolatedUnsafeMutableClosure, .uncheckedBoxOfClosure, .assumeIsolatedInSendableClosure:
            return true
        case .suppressionWithoutReason, .suppressionUnknownRule, .suppressionUnused:
            return false
        }
    }

    /// One line saying what the rule finds.
    package var summary: String {
        switch self {
        case .uncheckedSendableStoredClosure:
            return "An @unchecked Sendable type stores a function that is not @Sendable."
        case .uncheckedSendableGenericBox:
            return "A generic @unchecked Sendable wrapper hands out an unconstrained T or inout T without `sending`."
        case .nonisolatedUnsafeMutableClosure:
            return "A nonisolated(unsafe) mutable static or global holds a function value."
        case .uncheckedBoxOfClosure:
            return "An unconditionally @unchecked Sendable wrapper is instantiated with a non-@Sendable function type."
        case .assumeIsolatedInSendableClosure:
            return "assumeIsolated inside a closure that runs on whichever thread calls it."
        case .suppressionWithoutReason:
            return "An isolation-probe:ignore comment gives no reason."
        case .suppressionUnknownRule:
            return "An isolation-probe:ignore comment names no known rule."
        case .suppressionUnused:
            return "An isolation-probe:ignore comment suppresses nothing."
        }
    }

    /// Why the pattern fails at run time; shown in SARIF rule help.
    package var rationale: String {
        switch self {
        case .uncheckedSendableStoredClosure, .uncheckedBoxOfClosure:
            return "A closure that is not @Sendable and is formed in actor-isolated code (a @MainActor "
                + "initializer, a view, an actor method) is compiled as isolated to that actor. "
                + "@unchecked Sendable lets such a closure be stored and then called from another thread: "
                + "the compiler says nothing, and the run-time isolation check traps "
                + "(with -enable-actor-data-race-checks, or always for code reached through Swift 5 modules)."
        case .uncheckedSendableGenericBox:
            return "A wrapper that is @unchecked Sendable for every T makes any value Sendable, including "
                + "main-actor closures and non-Sendable classes. A lock inside does not help: the value is "
                + "still used on a thread its isolation does not allow. Mutex and SafeBox avoid this by taking "
                + "the value as `inout sending` and returning `sending` results."
        case .nonisolatedUnsafeMutableClosure:
            return "nonisolated(unsafe) turns off checking of the variable itself: assignments race with "
                + "reads, and a closure stored from isolated code runs wherever the variable is read."
        case .assumeIsolatedInSendableClosure:
            return "assumeIsolated moves the isolation check from compile time to run time. Inside a @Sendable "
                + "callback, a detached task or a global-queue block it holds only while the caller happens to be "
                + "on that actor; the first call from another thread stops the program "
                + "(\"Incorrect actor executor assumption\") in every build configuration."
        case .suppressionWithoutReason:
            return "Suppressions must say why the finding does not apply, so reviewers can judge them."
        case .suppressionUnknownRule:
            return "A misspelt rule id would silently suppress nothing."
        case .suppressionUnused:
            return "A stale suppression hides the next real finding on that line."
        }
    }
}
