import Foundation

/// Turns mangled Swift symbol names into readable ones.
///
/// Triage collects every mangled name of a report and asks once, so an
/// implementation that runs a tool pays its start-up cost once per report.
///
/// ```swift
/// let demangled = await SwiftDemangleTool().demangle(["$s4main7CounterCACycfC"])
/// demangled.names["$s4main7CounterCACycfC"]   // "Counter.__allocating_init()"
/// ```
public protocol Demangler: Sendable {
    /// Readable forms of `names`; names it could not demangle are left out,
    /// and `note` says why when none could be.
    func demangle(_ names: [String]) async -> DemangledNames
}

/// The answer of a ``Demangler``.
///
/// ```swift
/// DemangledNames(names: [:], note: "swift not found on PATH; names left mangled")
/// ```
public struct DemangledNames: Sendable, Equatable {
    /// Mangled name → demangled name.
    public var names: [String: String]
    /// Why names were left mangled, when they were.
    public var note: String?

    /// Creates an answer.
    ///
    /// ```swift
    /// DemangledNames(names: ["$sSiN": "Int"])
    /// ```
    public init(names: [String: String], note: String? = nil) {
        self.names = names
        self.note = note
    }
}

/// Recognises mangled Swift names as they appear in reports.
///
/// ```swift
/// MangledNames.isMangled("$s4Prog4HostCACycfcySScfU_")   // true
/// MangledNames.isMangled("closure #1 in Host.init()")     // false
/// ```
public enum MangledNames {
    /// Whether `symbol` is a mangled Swift name (Swift 5+ `$s`, with the
    /// Darwin `_` prefix, Swift 4 `$S`, Swift 3 `_T0`).
    public static func isMangled(_ symbol: String) -> Bool {
        let prefixes = ["$s", "_$s", "$S", "_$S", "_T0", "$e", "_$e"]
        return prefixes.contains { symbol.hasPrefix($0) } && symbol.count > 4 && !symbol.contains(" ")
    }

    /// Whether a mangled name is a reabstraction thunk (`TR`), partial-apply
    /// forwarder (`TA`) or merged function (`Tm`), read without demangling.
    ///
    /// ```swift
    /// MangledNames.isThunk("$sSSIegg_SSIegn_TR")   // true
    /// ```
    public static func isThunk(_ symbol: String) -> Bool {
        isMangled(symbol) && (symbol.hasSuffix("TR") || symbol.hasSuffix("TA") || symbol.hasSuffix("Tm"))
    }

    /// Whether a mangled reabstraction thunk converts to or from a function
    /// type with an indirect parameter or result (`@in_guaranteed`, `@out`):
    /// the sign of a closure stored as a generic value. The simplified
    /// demangling leaves these conventions out, so the mangled name is read:
    /// after each `Ieg` (an escaping, guaranteed-callee function type) come
    /// one letter per parameter and result up to `_`, `n` for
    /// `@in_guaranteed` and `r` for `@out`.
    ///
    /// ```swift
    /// MangledNames.isIndirectReabstraction("$sSSIegg_SSytIegnr_TR")   // true
    /// MangledNames.isIndirectReabstraction("$sIegh_IeyBh_TR")         // false
    /// ```
    public static func isIndirectReabstraction(_ symbol: String?) -> Bool {
        guard let symbol, isMangled(symbol), symbol.contains("TR") else { return false }
        var rest = Substring(symbol)
        while let range = rest.range(of: "Ieg") {
            let conventions = rest[range.upperBound...].prefix { $0.isLowercase }
            if rest[range.upperBound...].dropFirst(conventions.count).first == "_",
               conventions.contains("n") || conventions.contains("r") {
                return true
            }
            rest = rest[range.upperBound...]
        }
        return false
    }
}

/// A demangler that demangles nothing and says why: for callers that must
/// not start processes, and for tests.
///
/// ```swift
/// await NoDemangler(reason: "demangling turned off").demangle(["$sSiN"]).note   // "demangling turned off"
/// ```
public struct NoDemangler: Demangler {
    /// What the report should say about the names left mangled.
    public var reason: String

    /// Creates a demangler that leaves names as they are.
    ///
    /// ```swift
    /// NoDemangler(reason: "off")
    /// ```
    public init(reason: String) {
        self.reason = reason
    }

    public func demangle(_ names: [String]) async -> DemangledNames {
        DemangledNames(names: [:], note: names.isEmpty ? nil : reason)
    }
}
