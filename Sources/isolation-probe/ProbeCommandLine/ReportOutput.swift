import ArgumentParser
import IsolationLint
import ProbeSupport

/// Writes a rendered report to the file `--output` names; a file that
/// cannot be written is a usage error (exit status 2) that names it.
///
/// ```swift
/// try writeReport(report.render(.sarif), toFile: "lint.sarif")
/// ```
package func writeReport(_ rendered: String, toFile path: String) throws {
    do {
        try ReportFile.write(rendered, to: path)
    } catch {
        throw ValidationError(error.description)
    }
}

extension ReportFormat: ExpressibleByArgument {}

extension LintReach: ExpressibleByArgument {}
