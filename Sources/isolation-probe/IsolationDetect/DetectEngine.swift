import Foundation
import ProbeProcess
import ProbeSupport
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
    /// Where to keep the program's standard error when it did not exit 0
    /// (`--keep-crash-text`).
    var keepCrashText: CrashTextFolder? = nil

    package init(sourceRoot: String?, forwardRuntimeWarnings: Bool = true, workingDirectory: String? = nil,
                 keepCrashText: CrashTextFolder? = nil) {
        self.sourceRoot = sourceRoot
        self.forwardRuntimeWarnings = forwardRuntimeWarnings
        self.workingDirectory = workingDirectory
        self.keepCrashText = keepCrashText
    }

    /// Runs `command` to completion and returns what it reported.
    package func run(_ command: [String]) async throws -> DetectReport {
        let tally = SharedTally()
        let forward = forwardRuntimeWarnings
        let errorText = keepCrashText.map { _ in ErrorText() }
        let ending = try await ChildProcess.relay(command, environment: Self.environment, workingDirectory: workingDirectory) { stream, line in
            if stream == .standardError { errorText?.append(line) }
            let isViolation = tally.record(line: line)
            return forward || !isViolation
        }
        var result = tally.snapshot()
        result.resolvePaths(with: SourceLocator(root: sourceRoot))
        var report = DetectReport(command: command, ending: ending, tally: result)
        if let keepCrashText, let errorText, ending != .exited(0) {
            let program = (command.first.map { ($0 as NSString).lastPathComponent } ?? "program")
            report.keptCrashText = try keepCrashText.keep(errorText.text, name: "\(program)-\(Self.timestamp())")
        }
        return report
    }
}

/// The child's standard error, kept for `--keep-crash-text`.
private final class ErrorText: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var text: String { lines.withLock { $0.joined(separator: "\n") + "\n" } }
}

extension DetectEngine {
    /// `20261124T211530Z`: names kept files apart, run after run.
    static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: Date())
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
