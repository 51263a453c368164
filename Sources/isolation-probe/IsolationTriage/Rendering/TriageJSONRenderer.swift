import Foundation
import ProbeSupport

/// Writes diagnoses as one JSON document for tools:
///
/// ```json
/// {"reports": [{"source": "crash.txt", "verdict": "isolation-trap", "isolation": {"offender": {…},
///   "route": {"caseIDs": ["1","2","3"], …}}, "cases": [{"id": "1", "explanation": "…", "fix": "…"}]}],
///  "errors": [{"source": "empty.txt", "message": "empty.txt: empty input: nothing to triage"}]}
/// ```
///
/// ```swift
/// let json = TriageJSONRenderer(caseNotes: notes).render([.diagnosed(diagnosis)])
/// ```
public struct TriageJSONRenderer: Sendable {
    /// Explanations and fixes by catalog number, attached to reports whose route names them.
    public var caseNotes: [String: CaseNote]

    /// Creates a renderer.
    ///
    /// ```swift
    /// TriageJSONRenderer(caseNotes: [:])
    /// ```
    public init(caseNotes: [String: CaseNote] = [:]) {
        self.caseNotes = caseNotes
    }

    struct Document: Encodable {
        var reports: [Report]
        var errors: [InputError]
    }

    struct Report: Encodable {
        var diagnosis: Diagnosis
        var cases: [CaseNote]

        func encode(to encoder: any Encoder) throws {
            try diagnosis.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            if !cases.isEmpty { try container.encode(cases, forKey: .cases) }
        }

        enum CodingKeys: String, CodingKey { case cases }
    }

    struct InputError: Encodable {
        var source: String
        var message: String
    }

    /// The JSON document (the probe's one JSON writer: pretty-printed, keys sorted).
    public func render(_ outcomes: [TriageOutcome]) -> String {
        var document = Document(reports: [], errors: [])
        for outcome in outcomes {
            switch outcome {
            case .diagnosed(let diagnosis):
                let ids = diagnosis.isolation?.route?.caseIDs ?? []
                document.reports.append(Report(diagnosis: diagnosis, cases: ids.compactMap { caseNotes[$0] }))
            case .failed(let error):
                document.errors.append(InputError(source: error.source, message: error.description))
            }
        }
        return ReportJSON.encode(document)
    }
}
