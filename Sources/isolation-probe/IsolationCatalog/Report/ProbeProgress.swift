import Foundation

/// ProbeProgress lines on stderr while the probe works, so the report on stdout
/// stays clean for `--format json`.
///
/// ```
/// [ 3/15] 6+checks  unchecked-box                isolation-trap (compiled)
/// ```
package actor ProbeProgress {
    package let enabled: Bool
    private var total = 0
    private var done = 0

    package init(enabled: Bool) { self.enabled = enabled }

    package func start(total: Int) {
        self.total = total
        done = 0
        guard enabled else { return }
        write("isolation-probe: \(total) compile-and-run job(s)\n")
    }

    package func finished(_ observation: Observation) {
        done += 1
        guard enabled else { return }
        let width = String(total).count
        let counter = String(repeating: " ", count: max(0, width - String(done).count)) + String(done)
        let config = observation.configuration.id.padding(toLength: 16, withPad: " ", startingAt: 0)
        let name = observation.caseID.padding(toLength: 32, withPad: " ", startingAt: 0)
        let source = observation.compileCached ? "cached" : "compiled"
        let verdict = observation.matches == false ? "  MISMATCH (expected \(observation.expected!))" : ""
        write("[\(counter)/\(total)] \(config)\(name)\(observation.observedSummary) (\(source))\(verdict)\n")
    }

    package func note(_ text: String) {
        guard enabled else { return }
        write(text + "\n")
    }

    private nonisolated func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
