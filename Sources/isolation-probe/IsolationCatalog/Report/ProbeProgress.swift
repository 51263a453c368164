import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress on stderr while the probe works, so the report on stdout stays
/// clean for `--format json`. Piped, it is one line per finished job, its
/// columns as wide as the longest configuration and case name; on a
/// terminal, one status line rewritten in place and cleared before the
/// report, so a run's screen holds the report alone.
///
/// ```
/// [ 3/15] 6+checks  unchecked-box  isolation-trap (compiled)
/// ```
///
/// ```swift
/// let progress = ProbeProgress(enabled: true)
/// await progress.start([(caseID: "unchecked-box", configurationID: "6+checks")])
/// ```
package actor ProbeProgress {
    package let enabled: Bool
    /// The terminal's width when stderr is one; nil when it is piped.
    private let terminalWidth: Int?
    private var total = 0
    private var done = 0
    private var configurationWidth = 0
    private var nameWidth = 0
    /// The status line now on the terminal, redrawn after a note.
    private var status: String?

    package init(enabled: Bool) {
        self.enabled = enabled
        terminalWidth = Self.standardErrorWidth()
    }

    /// Announces the jobs and sizes the columns to their longest names.
    package func start(_ jobs: [(caseID: String, configurationID: String)]) {
        total = jobs.count
        done = 0
        configurationWidth = (jobs.map(\.configurationID.count).max() ?? 0) + 2
        nameWidth = (jobs.map(\.caseID.count).max() ?? 0) + 2
        guard enabled else { return }
        let line = "isolation-probe: \(total) compile-and-run job(s)"
        if terminalWidth != nil { show(line) } else { write(line + "\n") }
    }

    package func finished(_ observation: Observation) {
        done += 1
        guard enabled else { return }
        let counter = String(repeating: " ", count: max(0, String(total).count - String(done).count)) + String(done)
        let columns = "[\(counter)/\(total)] "
            + observation.configuration.id.padding(toLength: configurationWidth, withPad: " ", startingAt: 0)
            + observation.caseID.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            + observation.observedSummary
        guard terminalWidth == nil else {
            show(columns)
            return
        }
        let source = observation.compileCached ? "cached" : "compiled"
        let verdict = observation.matches == false ? "  MISMATCH (expected \(observation.expected!))" : ""
        write("\(columns) (\(source))\(verdict)\n")
    }

    /// A line that stays: on a terminal it goes above the status line,
    /// which is redrawn under it while jobs remain.
    package func note(_ text: String) {
        guard enabled else { return }
        guard terminalWidth != nil else {
            write(text + "\n")
            return
        }
        let shown = status
        clearStatus()
        write(text + "\n")
        if let shown, done < total { show(shown) }
    }

    /// Rewrites the status line, cut to the terminal's width so it never
    /// wraps (a wrapped line could not be rewritten in place).
    private func show(_ line: String) {
        let width = max(10, (terminalWidth ?? 80) - 1)
        let fitted = line.count > width ? String(line.prefix(width - 1)) + "…" : line
        status = line
        write("\r" + fitted + "\u{1B}[K")
    }

    private func clearStatus() {
        guard status != nil else { return }
        status = nil
        write("\r\u{1B}[K")
    }

    /// The width of the terminal on stderr, 80 when it reports none (a
    /// pseudo-terminal nobody sized); nil when stderr is not a terminal.
    private static func standardErrorWidth() -> Int? {
        guard isatty(STDERR_FILENO) != 0 else { return nil }
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    private nonisolated func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
