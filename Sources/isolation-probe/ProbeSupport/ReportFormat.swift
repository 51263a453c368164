/// The output formats of the probe's commands. Every command prints `text`
/// and `json`; `lint`, `detect` and `triage` also write SARIF 2.1.0 where
/// they support it.
///
/// ```swift
/// let format = ReportFormat(rawValue: "sarif")  // .sarif
/// ```
package enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif
}
