import Foundation

/// The machine-readable report (`--format json`).
///
/// ```json
/// { "summary": { "observations": 15, "asExpected": 15, "notAsExpected": 0, "unjudged": 0 },
///   "observations": [ { "case": "unchecked-box", "configuration": "6+checks", … } ] }
/// ```
package struct ProbeJSONReport: Codable {
    package struct Summary: Codable {
        package var observations: Int
        package var asExpected: Int
        package var notAsExpected: Int
        package var unjudged: Int
    }

    package var summary: Summary
    package var observations: [Observation]

    package init(_ observations: [Observation]) {
        let matched = observations.filter { $0.matches == true }.count
        let mismatched = observations.filter { $0.matches == false }.count
        summary = Summary(
            observations: observations.count, asExpected: matched,
            notAsExpected: mismatched, unjudged: observations.count - matched - mismatched
        )
        self.observations = observations
    }
}
