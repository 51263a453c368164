/// What the probe saw for one case in one configuration, next to what the
/// case's manifest expected.
package struct Observation: Sendable, Codable {
    package var caseID: String
    package var catalog: String
    package var title: String
    package var configuration: BuildConfiguration
    package var expected: Expectation?
    package var outcome: Outcome
    /// First lines of the compiler's warnings (empty when it said nothing).
    package var warnings: [String]
    /// First lines of the compiler's errors.
    package var errors: [String]
    /// Why the outcome was chosen: exit status, crash headline, frames, sanitizer summary.
    package var evidence: [String]
    /// The closure or function that ran on the wrong executor, from the backtrace.
    package var offender: String?
    /// `MODULE/File.swift:LINE` of the offender, from the legacy-mode rerun.
    package var offenderLocation: String?
    /// What the rerun with `SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE=legacy` printed.
    package var legacyReport: [String]
    /// Lines the program printed with the `probe-note:` prefix.
    package var notes: [String]
    package var compileCached: Bool
    package var runSeconds: Double?

    /// Nil when the manifest states no expectation for this configuration.
    package var matches: Bool? {
        guard let expected else { return nil }
        return expected.outcome == outcome && expected.warns == !warnings.isEmpty
    }

    /// The observed result written like an expectation, for side-by-side display.
    package var observedSummary: String {
        outcome.rawValue + (warnings.isEmpty ? "" : "+warning")
    }

    package enum CodingKeys: String, CodingKey {
        case caseID = "case", catalog, title, configuration, expected, outcome, warnings, errors, evidence
        case offender, offenderLocation, legacyReport, notes, compileCached, runSeconds, matches
    }

    package init(
        caseID: String, catalog: String, title: String, configuration: BuildConfiguration,
        expected: Expectation?, outcome: Outcome, warnings: [String], errors: [String],
        evidence: [String], offender: String?, offenderLocation: String?, legacyReport: [String],
        notes: [String], compileCached: Bool, runSeconds: Double?
    ) {
        self.caseID = caseID
        self.catalog = catalog
        self.title = title
        self.configuration = configuration
        self.expected = expected
        self.outcome = outcome
        self.warnings = warnings
        self.errors = errors
        self.evidence = evidence
        self.offender = offender
        self.offenderLocation = offenderLocation
        self.legacyReport = legacyReport
        self.notes = notes
        self.compileCached = compileCached
        self.runSeconds = runSeconds
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        caseID = try container.decode(String.self, forKey: .caseID)
        catalog = try container.decode(String.self, forKey: .catalog)
        title = try container.decode(String.self, forKey: .title)
        configuration = try container.decode(BuildConfiguration.self, forKey: .configuration)
        expected = try container.decodeIfPresent(Expectation.self, forKey: .expected)
        outcome = try container.decode(Outcome.self, forKey: .outcome)
        warnings = try container.decode([String].self, forKey: .warnings)
        errors = try container.decode([String].self, forKey: .errors)
        evidence = try container.decode([String].self, forKey: .evidence)
        offender = try container.decodeIfPresent(String.self, forKey: .offender)
        offenderLocation = try container.decodeIfPresent(String.self, forKey: .offenderLocation)
        legacyReport = try container.decode([String].self, forKey: .legacyReport)
        notes = try container.decode([String].self, forKey: .notes)
        compileCached = try container.decode(Bool.self, forKey: .compileCached)
        runSeconds = try container.decodeIfPresent(Double.self, forKey: .runSeconds)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(caseID, forKey: .caseID)
        try container.encode(catalog, forKey: .catalog)
        try container.encode(title, forKey: .title)
        try container.encode(configuration, forKey: .configuration)
        try container.encodeIfPresent(expected, forKey: .expected)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(errors, forKey: .errors)
        try container.encode(evidence, forKey: .evidence)
        try container.encodeIfPresent(offender, forKey: .offender)
        try container.encodeIfPresent(offenderLocation, forKey: .offenderLocation)
        try container.encode(legacyReport, forKey: .legacyReport)
        try container.encode(notes, forKey: .notes)
        try container.encode(compileCached, forKey: .compileCached)
        try container.encodeIfPresent(runSeconds, forKey: .runSeconds)
        try container.encodeIfPresent(matches, forKey: .matches)
    }
}
