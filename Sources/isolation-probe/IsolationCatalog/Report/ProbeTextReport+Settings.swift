extension ProbeTextReport {
    /// The build-settings dimension of the matrix: for each case run in
    /// settings columns, one line per column, so a shape that flips as the
    /// settings change reads top to bottom. Empty when no observation has
    /// a settings column.
    ///
    /// ```
    /// 19a assume-isolated-nonisolated-async
    ///     6@plain                             TRAP
    ///     6@NN                                clean
    /// ```
    package static func settingsTable(_ observations: [Observation], cases: [ProbeCase]) -> String {
        let columns = observations.filter { $0.configuration.settings != nil }
        guard !columns.isEmpty else { return "" }
        var out = "build settings: the same program as the Swift 6.2 settings change\n"
        for probeCase in cases {
            let rows = columns.filter { $0.caseID == probeCase.id }.sorted { $0.configuration < $1.configuration }
            guard !rows.isEmpty else { continue }
            out += "\n\(probeCase.manifest.catalog) \(probeCase.id)\n"
            for observation in rows {
                var cell = observation.outcome.shortLabel
                if !observation.warnings.isEmpty, observation.outcome != .compileError { cell += " +warn" }
                switch observation.matches {
                case false?: cell += " !  expected \(observation.expected!)"
                case nil: cell += "    (no stated expectation)"
                case true?: break
                }
                out += "    " + observation.configuration.id.padding(toLength: 36, withPad: " ", startingAt: 0) + cell + "\n"
            }
        }
        out += """

            settings: plain none of them | DM -default-isolation MainActor | NN NonisolatedNonsendingByDefault
                      IIC InferIsolatedConformances | Module=N that module of the case in Swift N mode
                      each column replaces the case's own settings flags

            """
        return out
    }
}
