import Foundation

/// Renders observations and manifests as plain text for a terminal.
///
/// ```swift
/// print(ProbeTextReport.run(observations, catalog: catalog))
/// print(ProbeTextReport.matrix(observations, cases: cases))
/// ```
package enum ProbeTextReport {
    package static let width = 100

    /// The default report: one block per observation, then a summary.
    package static func run(_ observations: [Observation], catalog: CaseCatalog) -> String {
        var out = ""
        for observation in observations {
            let manifest = catalog.cases.first { $0.id == observation.caseID }?.manifest
            out += block(observation, manifest: manifest)
            out += "\n"
        }
        out += summary(observations)
        return out
    }

    package static func block(_ observation: Observation, manifest: CaseManifest?) -> String {
        var lines: [String] = []
        let mark = switch observation.matches {
        case true?: "ok  "
        case false?: "FAIL"
        case nil: "--  "
        }
        lines.append("\(mark) \(observation.catalog) \(observation.caseID) [\(observation.configuration.id): \(observation.configuration.flagSummary)]")
        lines.append("     \(observation.title)")
        lines.append(field("expected", observation.expected?.description ?? "(not stated)"))
        lines.append(field("observed", observation.observedSummary))
        for (index, item) in observation.evidence.enumerated() {
            lines.append(field(index == 0 ? "evidence" : "", item))
        }
        for (index, error) in observation.errors.prefix(3).enumerated() {
            lines.append(field(index == 0 ? "error" : "", error))
        }
        for (index, warning) in observation.warnings.prefix(3).enumerated() {
            lines.append(field(index == 0 ? "warning" : "", warning))
        }
        if let offender = observation.offender {
            lines.append(field("offender", offender + (observation.offenderLocation.map { " at \($0)" } ?? "")))
        }
        for (index, report) in observation.legacyReport.prefix(2).enumerated() {
            lines.append(field(index == 0 ? "legacy" : "", report))
        }
        for (index, note) in observation.notes.enumerated() {
            lines.append(field(index == 0 ? "note" : "", note))
        }
        if let manifest {
            lines.append(field("why", manifest.explanation))
            lines.append(field("fix", manifest.fix))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func summary(_ observations: [Observation]) -> String {
        let matched = observations.filter { $0.matches == true }.count
        let mismatched = observations.filter { $0.matches == false }
        let unjudged = observations.count - matched - mismatched.count
        var out = "summary: \(observations.count) observation(s): \(matched) as expected, \(mismatched.count) not as expected"
        if unjudged > 0 { out += ", \(unjudged) without a stated expectation" }
        out += "\n"
        for observation in mismatched {
            out += "  not as expected: \(observation.caseID) [\(observation.configuration.id)]: expected \(observation.expected!), observed \(observation.observedSummary)\n"
        }
        return out
    }

    /// One table: a row per case, a column per configuration.
    package static func matrix(_ observations: [Observation], cases: [ProbeCase]) -> String {
        let configurations = BuildConfiguration.all.filter { configuration in
            observations.contains { $0.configuration == configuration }
        }
        let nameWidth = max(24, (cases.map { $0.manifest.catalog.count + 1 + $0.id.count }.max() ?? 0) + 2)
        let cellWidth = 17
        var out = "compile matrix: what the compiler says and what running does\n\n"
        out += "case".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        for configuration in configurations {
            out += configuration.id.padding(toLength: cellWidth, withPad: " ", startingAt: 0)
        }
        out += "\n" + String(repeating: "-", count: nameWidth + cellWidth * configurations.count) + "\n"
        for probeCase in cases {
            out += "\(probeCase.manifest.catalog) \(probeCase.id)".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            for configuration in configurations {
                guard let observation = observations.first(where: { $0.caseID == probeCase.id && $0.configuration == configuration }) else {
                    out += "".padding(toLength: cellWidth, withPad: " ", startingAt: 0)
                    continue
                }
                var cell = observation.outcome.shortLabel
                if !observation.warnings.isEmpty, observation.outcome != .compileError { cell += " +warn" }
                if observation.matches == false { cell += " !" }
                out += cell.padding(toLength: cellWidth, withPad: " ", startingAt: 0)
            }
            out += "\n"
        }
        out += """

            legend: TRAP isolation trap (SIGILL in the executor check) | ERROR compile error | +warn compiler warned
                    RACE ThreadSanitizer data race | clean exit 0 | trap? other crash | hang timeout | flood output limit
                    ! observation differs from the case's stated expectation
            columns: 5 = -swift-version 5, 5-strict = ... -strict-concurrency=complete, 6 = -swift-version 6,
                     +checks = ... -enable-actor-data-race-checks

            """
        let settings = settingsTable(observations, cases: cases)
        if !settings.isEmpty { out += "\n" + settings }
        out += "\nwhat the compiler said (first diagnostic per case and configuration group):\n"
        for probeCase in cases {
            let rows = observations.filter { $0.caseID == probeCase.id }
            var seen: [String: [String]] = [:]
            var order: [String] = []
            for observation in rows {
                guard let line = observation.errors.first ?? observation.warnings.first else { continue }
                if seen[line] == nil { order.append(line) }
                seen[line, default: []].append(observation.configuration.id)
            }
            if order.isEmpty {
                out += "  \(probeCase.id): nothing, in every configuration\n"
            } else {
                for line in order {
                    out += "  \(probeCase.id) [\(seen[line]!.joined(separator: ", "))]: \(line)\n"
                }
            }
        }
        out += "\n" + summary(observations)
        return out
    }

    /// The `list` command's table.
    package static func list(_ cases: [ProbeCase]) -> String {
        let rows = cases.map { probeCase in
            let manifest = probeCase.manifest
            return ["\(manifest.catalog) \(manifest.id)", manifest.primary.id,
                    manifest.expectation(for: manifest.primary)?.description ?? "-", manifest.title]
        }
        // Columns sized to their longest entry, so no name runs into the next.
        let header = ["id", "primary", "expected", "title"]
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            (0..<3).map { row[$0].padding(toLength: widths[$0] + 2, withPad: " ", startingAt: 0) }.joined() + row[3] + "\n"
        }.joined()
    }

    /// The `explain` command's text.
    package static func explain(_ probeCase: ProbeCase) throws -> String {
        let manifest = probeCase.manifest
        var lines: [String] = []
        lines.append("\(manifest.catalog) \(manifest.id): \(manifest.title)")
        lines.append("")
        lines.append(field("primary", "\(manifest.primary.id) (\(manifest.primary.flagSummary))"))
        // Not through `field`: its word wrapping would collapse the column padding.
        for configuration in BuildConfiguration.all {
            let label = (configuration == BuildConfiguration.all.first ? "expects" : "").padding(toLength: 10, withPad: " ", startingAt: 0)
            let expectation = manifest.expectation(for: configuration)?.description ?? "(not stated)"
            lines.append("     " + label + configuration.id.padding(toLength: 17, withPad: " ", startingAt: 0) + expectation)
        }
        for column in manifest.settingsColumns {
            let label = (column == manifest.settingsColumns.first ? "settings" : "").padding(toLength: 10, withPad: " ", startingAt: 0)
            let expectation = manifest.expectation(for: column)?.description ?? "(not stated)"
            lines.append("     " + label + column.id.padding(toLength: max(17, column.id.count + 1), withPad: " ", startingAt: 0) + expectation)
        }
        if let extra = manifest.extraFlags, !extra.isEmpty { lines.append(field("flags", extra.joined(separator: " "))) }
        if let links = manifest.links, !links.isEmpty { lines.append(field("links", links.joined(separator: ", "))) }
        for module in manifest.modules ?? [] {
            lines.append(field("module", "\(module.name) from \(module.directory)/ \((module.flags ?? []).joined(separator: " "))"))
        }
        for (index, source) in try probeCase.sourceFiles().enumerated() {
            lines.append(field(index == 0 ? "source" : "", source.path))
        }
        lines.append(field("why", manifest.explanation))
        lines.append(field("fix", manifest.fix))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `label    text`, with `text` wrapped to the report width under itself.
    package static func field(_ label: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: 15)
        let prefix = "     " + label.padding(toLength: 10, withPad: " ", startingAt: 0)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !current.isEmpty, current.count + 1 + word.count > width - indent.count {
                lines.append(current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return prefix + lines.joined(separator: "\n" + indent)
    }
}
