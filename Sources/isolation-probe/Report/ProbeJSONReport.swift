import Foundation

/// The machine-readable report (`--format json`).
///
/// ```json
/// { "summary": { "observations": 15, "asExpected": 15, "notAsExpected": 0, "unjudged": 0 },
///   "observations": [ { "case": "unchecked-box", "configuration": "6+checks", … } ] }
/// ```
struct ProbeJSONReport: Codable {
    struct Summary: Codable {
        var observations: Int
        var asExpected: Int
        var notAsExpected: Int
        var unjudged: Int
    }

    var summary: Summary
    var observations: [Observation]

    init(_ observations: [Observation]) {
        let matched = observations.filter { $0.matches == true }.count
        let mismatched = observations.filter { $0.matches == false }.count
        summary = Summary(
            observations: observations.count, asExpected: matched,
            notAsExpected: mismatched, unjudged: observations.count - matched - mismatched
        )
        self.observations = observations
    }

    static func render(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
