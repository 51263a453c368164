import ArgumentParser
import ProbeSupport

/// `--format` for the commands that write no SARIF (`run`, `list`,
/// `explain`, `matrix`, `triage`): their help offers, and their parser
/// accepts, only these two.
///
/// ```swift
/// @Option(help: "Report format: text or json.") var format: TextOrJSONFormat = .text
/// ```
package enum TextOrJSONFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    case text, json
}
