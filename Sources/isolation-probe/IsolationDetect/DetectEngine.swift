import ProbeProcess
import Synchronization

/// Runs a program with the runtime's isolation checks set to log instead of
/// trap, and collects every violation it reports.
///
/// The Swift runtime reads two variables when the program starts:
/// `SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE=legacy` makes a failed
/// isolation check of code built with `-enable-actor-data-race-checks` log a
/// warning instead of trapping, and `SWIFT_UNEXPECTED_EXECUTOR_LOG_LEVEL=1`
/// selects "warn and continue". So one run reports every violation, not just
/// the first. `assumeIsolated` failures still stop the program; they are
/// reported too.
///
/// ```swift
/// let engine = DetectEngine(sourceRoot: ".")
/// let report = try await engine.run(["./.build/debug/MyApp"])
/// print(report.tally.entries.count, report.ending)
/// ```
package struct DetectEngine {
    /// The variables that turn traps into logged warnings.
    package static let environment: [String: String] = [
        "SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE": "legacy",
        "SWIFT_UNEXPECTED_EXECUTOR_LOG_LEVEL": "1",
    ]

    /// Where to look up the files the runtime names; `nil` leaves `#fileID`s unresolved.
    var sourceRoot: String?
    /// Whether the runtime's own warning lines are forwarded to standard error
    /// (the report lists them again, deduplicated).
    var forwardRuntimeWarnings = true
    /// Working directory for the program.
    var workingDirectory: String? = nil

    package init(sourceRoot: String?, forwardRuntimeWarnings: Bool = true, workingDirectory: String? = nil) {
        self.sourceRoot = sourceRoot
        self.forwardRuntimeWarnings = forwardRuntimeWarnings
        self.workingDirectory = workingDirectory
    }

    /// Runs `command` to completion and returns what it reported.
    package func run(_ command: [String]) async throws -> DetectReport {
        let tally = SharedTally()
        let forward = forwardRuntimeWarnings
        let ending = try await ChildProcess.relay(command, environment: Self.environment, workingDirectory: workingDirectory) { _, line in
            let isViolation = tally.record(line: line)
            return forward || !isViolation
        }
        var result = tally.snapshot()
        result.resolvePaths(with: SourceLocator(root: sourceRoot))
        return DetectReport(command: command, ending: ending, tally: result)
    }
}

/// The tally both stream readers write to.
private final class SharedTally: Sendable {
    private let state = Mutex(ViolationTally())

    func record(line: String) -> Bool {
        state.withLock { $0.record(line: line) }
    }

    func snapshot() -> ViolationTally {
        state.withLock { $0 }
    }
}
