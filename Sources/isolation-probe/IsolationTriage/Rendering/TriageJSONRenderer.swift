import Foundation
import ProbeSupport

/// Writes diagnoses as one JSON document for tools, its layout numbered by
/// ``schemaVersion`` (documented in `IsolationTriage/README.md`):
///
/// ```json
/// {"schemaVersion": 3,
///  "reports": [{"source": "crash.txt", "verdict": "isolation-trap", "confidence": "high", "cause": "executor-check",
///   "offender": {…}, "offenderBasis": "…", "input": "report (lldb): …", "isolation": {"offender": {…},
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

    /// The JSON layout's version: 2 added `schemaVersion`, and per report
    /// `cause`, `offender`, `offenderBasis` and `input`; a text holding
    /// several crashes gives one report each. 3 added `confidence` (every
    /// report), `decidedBy` (when the confidence is not high) and the
    /// route's `why` and `fix`.
    public static let schemaVersion = 3

    struct Document: Encodable {
        var schemaVersion = TriageJSONRenderer.schemaVersion
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
