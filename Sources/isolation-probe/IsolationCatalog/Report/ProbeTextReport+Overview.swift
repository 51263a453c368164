extension ProbeTextReport {
    /// The default command's report, one 80-column screen whatever the
    /// catalog's size: the cases by outcome, the summary line (with every
    /// case that was not as expected), and the commands that show more.
    ///
    /// ```swift
    /// print(ProbeTextReport.overview(observations))
    /// ```
    package static func overview(_ observations: [Observation]) -> String {
        var out = "isolation-probe: \(observations.count) case(s), each compiled and run in one configuration:\n"
        for outcome in Outcome.allCases {
            let seen = observations.filter { $0.outcome == outcome }
            guard !seen.isEmpty else { continue }
            let label = "\(outcome.rawValue) (\(seen.count))".padding(toLength: 20, withPad: " ", startingAt: 0)
            out += wrapped(seen.map { $0.matches == false ? "\($0.catalog)!" : $0.catalog }, after: "  " + label)
        }
        out += "\n" + summary(observations) + "\n"
        let mismatched = observations.filter { $0.matches == false }
        out += "next:\n"
        if !mismatched.isEmpty {
            let ids = mismatched.map(\.caseID).joined(separator: " ")
            out += "  isolation-probe run \(ids)    the full report of what was not as expected (! above)\n"
        }
        out += """
              isolation-probe run            every case in full: evidence, offender, fix
              isolation-probe explain 1      one case: what it shows, expectations, why, fix
              isolation-probe matrix         every case in 6 configurations, as one table
              isolation-probe lint Sources   find the same loopholes in your own code

            """
        return out
    }

    /// The overview's width: a terminal's 80 columns.
    static let screenWidth = 80

    /// `items` after `prefix`, wrapped at ``screenWidth`` with continuation
    /// lines indented under the first item.
    private static func wrapped(_ items: [String], after prefix: String) -> String {
        var out = ""
        var line = prefix
        for item in items {
            if line.count + 1 + item.count > screenWidth, line.count > prefix.count {
                out += line + "\n"
                line = String(repeating: " ", count: prefix.count)
            }
            line += (line.count == prefix.count ? "" : " ") + item
        }
        return out + line + "\n"
    }
}
