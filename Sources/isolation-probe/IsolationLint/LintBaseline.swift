import Foundation
import ProbeSupport

/// The findings a team has accepted for now, so `lint --baseline` reports
/// only new ones, as SwiftLint's baseline does.
///
/// A finding is matched by rule, file (relative to the baseline file's
/// directory, so the baseline works from any working directory and with the
/// absolute paths the build plugin passes) and the code on its line with
/// layout and comments dropped, never by line number: inserting or removing
/// lines elsewhere keeps every entry matching. Identical lines in one file
/// are counted.
///
/// ```swift
/// let baseline = LintBaseline(recording: report.findings, root: ".")
/// try ReportFile.write(baseline.rendered, to: "isolation-baseline.json")
/// let filtered = try LintBaseline.load("isolation-baseline.json").applied(to: report)
/// ```
package struct LintBaseline: Sendable {
    /// One accepted kind of finding and how many of it.
    package struct Entry: Codable, Hashable, Sendable {
        package var rule: String
        package var file: String
        package var lineText: String
        package var count: Int

        var key: Key { Key(rule: rule, file: file, lineText: lineText) }
    }

    struct Key: Hashable {
        let rule: String
        let file: String
        let lineText: String
    }

    /// A baseline file that cannot be used; the message names the file and the problem.
    package struct Failure: Error, CustomStringConvertible {
        package var file: String
        package var problem: String
        package var description: String { "baseline \(file): \(problem)" }
    }

    /// Directory the entries' file paths are relative to.
    package var root: String
    package var entries: [Entry]

    /// A baseline accepting every one of `findings`, with paths relative to `root`.
    package init(recording findings: [LintFinding], root: String) {
        self.root = LintConfiguration.absolute(root)
        var counts: [Key: Int] = [:]
        for finding in findings { counts[Self.key(finding, root: self.root), default: 0] += 1 }
        entries = counts.map { Entry(rule: $0.key.rule, file: $0.key.file, lineText: $0.key.lineText, count: $0.value) }
            .sorted { ($0.file, $0.rule, $0.lineText) < ($1.file, $1.rule, $1.lineText) }
    }

    /// The file's contents: a versioned JSON object, stable across runs.
    package var rendered: String {
        ReportJSON.encode(FileForm(version: 1, entries: entries))
    }

    /// Reads the baseline at `path`; its entries are relative to its directory.
    package static func load(_ path: String) throws(Failure) -> LintBaseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Failure(file: path, problem: "cannot read: \(FileProblem.reason(error))")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Failure(file: path, problem: "not valid JSON: \((error as NSError).userInfo["NSDebugDescription"] ?? error)")
        }
        guard let top = object as? [String: Any] else {
            throw Failure(file: path, problem: "expected a JSON object with \"version\" and \"entries\"")
        }
        for key in top.keys.sorted() where !["version", "entries"].contains(key) {
            throw Failure(file: path, problem: "unknown key \"\(key)\" (known keys: version, entries)")
        }
        guard let version = top["version"] as? Int, version == 1 else {
            throw Failure(file: path, problem: "\"version\" must be 1 (written by `lint --write-baseline`)")
        }
        guard let list = top["entries"] as? [Any] else {
            throw Failure(file: path, problem: "\"entries\" must be an array")
        }
        var entries: [Entry] = []
        for (position, item) in list.enumerated() {
            let place = "entries[\(position)]"
            guard let fields = item as? [String: Any] else { throw Failure(file: path, problem: "\(place) must be an object") }
            for key in fields.keys.sorted() where !["rule", "file", "lineText", "count"].contains(key) {
                throw Failure(file: path, problem: "\(place) has unknown key \"\(key)\"")
            }
            guard let rule = fields["rule"] as? String, LintRule(rawValue: rule) != nil else {
                throw Failure(file: path, problem: "\(place).rule must be a rule id, not \(fields["rule"].map { "\($0)" } ?? "missing")")
            }
            guard let file = fields["file"] as? String, !file.isEmpty else {
                throw Failure(file: path, problem: "\(place).file must be a non-empty path")
            }
            guard let lineText = fields["lineText"] as? String else {
                throw Failure(file: path, problem: "\(place).lineText must be a string")
            }
            guard let count = fields["count"] as? Int, count > 0 else {
                throw Failure(file: path, problem: "\(place).count must be a positive integer")
            }
            entries.append(Entry(rule: rule, file: file, lineText: lineText, count: count))
        }
        var baseline = LintBaseline(recording: [], root: (LintConfiguration.absolute(path) as NSString).deletingLastPathComponent)
        baseline.entries = entries
        return baseline
    }

    /// `report` without the findings this baseline accepts; entries matching
    /// fewer findings than they count are listed as fixed.
    package func applied(to report: LintReport) -> LintReport {
        var remaining: [Key: Int] = [:]
        for entry in entries { remaining[entry.key, default: 0] += entry.count }
        var result = report
        result.findings = report.findings.filter { finding in
            let key = Self.key(finding, root: root)
            guard let left = remaining[key], left > 0 else { return true }
            remaining[key] = left - 1
            return false
        }
        result.baselinedCount = report.findings.count - result.findings.count
        result.fixedBaselineEntries = remaining.filter { $0.value > 0 }
            .map { Entry(rule: $0.key.rule, file: $0.key.file, lineText: $0.key.lineText, count: $0.value) }
            .sorted { ($0.file, $0.rule, $0.lineText) < ($1.file, $1.rule, $1.lineText) }
        return result
    }

    private static func key(_ finding: LintFinding, root: String) -> Key {
        Key(rule: finding.rule.rawValue, file: relative(finding.file, to: root), lineText: finding.lineText)
    }

    /// `file` relative to `root`, with `..` when it is beside it; symbolic
    /// links are resolved so /tmp and /private/tmp agree.
    static func relative(_ file: String, to root: String) -> String {
        let path = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let base = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let shared = zip(path, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - shared) + path[shared...]
        return parts.joined(separator: "/")
    }

    private struct FileForm: Encodable {
        let version: Int
        let entries: [Entry]
    }
}
