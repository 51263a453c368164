import ProbeSupport

/// One isolation violation the Swift runtime reported, recognised from the
/// program's standard error.
///
/// The runtime names the isolated *function* (its `#fileID` and line), not the
/// caller: for a main-actor closure that escaped, that is the line where the
/// closure was written.
///
/// ```swift
/// let line = "warning: data race detected: @MainActor function at App/main.swift:13 was not called on the main thread"
/// let violation = IsolationViolation.parse(line)
/// print(violation?.fileID ?? "-", violation?.line ?? 0)  // App/main.swift 13
/// ```
struct IsolationViolation: Hashable, Codable, Sendable {
    /// What the runtime caught.
    enum Kind: String, Codable, Sendable, CaseIterable {
        /// A `@MainActor` function ran off the main thread.
        case mainActor = "main-actor-off-main-thread"
        /// A function isolated to another actor (global or instance) ran off it.
        case actor = "actor-isolated-off-actor"
        /// `assumeIsolated` / `preconditionIsolated` failed: the program stops here.
        case executorAssumption = "executor-assumption-failed"

        /// The shape the settings are judged by.
        var stopShape: IsolationStopShape {
            switch self {
            case .mainActor: .mainActorCodeOffMain
            case .actor: .otherActorCode
            case .executorAssumption: .executorAssumption
            }
        }

        /// One line for reports.
        var summary: String {
            switch self {
            case .mainActor: return "@MainActor function was not called on the main thread"
            case .actor: return "actor-isolated function was not called on its actor"
            case .executorAssumption: return "actor executor assumption failed (assumeIsolated/preconditionIsolated); the program was stopped"
            }
        }
    }

    var kind: Kind
    /// `Module/File.swift` as the runtime prints it; empty when it gave none.
    var fileID: String
    /// 1-based line; 0 when the runtime gave none.
    var line: Int
    /// What the runtime said after the location (expected executor, thread).
    var detail: String

    /// Recognises a runtime isolation message in one line of standard error.
    ///
    /// The match is not anchored at the line start, because test runners and
    /// other threads may have written a partial line just before it.
    static func parse(_ text: some StringProtocol) -> IsolationViolation? {
        let text = String(text)
        if let range = text.range(of: "data race detected: ") {
            // "<kind> at <fileID>:<line> was not called on <where>"
            let rest = text[range.upperBound...]
            guard let at = rest.range(of: " at "), let notCalled = rest.range(of: " was not called on ") else { return nil }
            let what = rest[..<at.lowerBound]
            let location = rest[at.upperBound..<notCalled.lowerBound]
            let whereExpected = rest[notCalled.upperBound...].trimmingSuffixWhitespace()
            guard let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...])
            else { return nil }
            let kind: Kind = what.hasPrefix("@MainActor") ? .mainActor : .actor
            return IsolationViolation(
                kind: kind, fileID: String(location[..<colon]), line: line,
                detail: "\(what) was not called on \(whereExpected)")
        }
        if let range = text.range(of: "Incorrect actor executor assumption") {
            // "<fileID>:<line>: Fatal error: Incorrect actor executor assumption; Expected …"
            // or, without a location, "Incorrect actor executor assumption; expected '…' executor."
            let detail = String(text[range.lowerBound...]).trimmingSuffixWhitespace()
            let prefix = text[..<range.lowerBound]
            if let fatal = prefix.range(of: ": Fatal error: ") {
                let location = prefix[..<fatal.lowerBound]
                let fileStart = location.lastIndex(of: " ").map { location.index(after: $0) } ?? location.startIndex
                let trimmed = location[fileStart...]
                if let colon = trimmed.lastIndex(of: ":"), let line = Int(trimmed[trimmed.index(after: colon)...]) {
                    return IsolationViolation(
                        kind: .executorAssumption, fileID: String(trimmed[..<colon]), line: line, detail: detail)
                }
            }
            return IsolationViolation(kind: .executorAssumption, fileID: "", line: 0, detail: detail)
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate func trimmingSuffixWhitespace() -> String {
        var view = Substring(self)
        while let last = view.last, last.isWhitespace || last == "." { view = view.dropLast() }
        return String(view)
    }
}
