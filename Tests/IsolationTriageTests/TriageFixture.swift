import Foundation
import IsolationTriage

/// A crash report under `Fixtures/` with its header: `# fixture:` (what it
/// is), `# source:` (where it comes from) and `# expect-…:` lines (what
/// triage must say). The header is not part of the report.
struct TriageFixture: CustomStringConvertible {
    var name: String
    var report: String
    var expectations: [String: String]

    var description: String { name }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func all() throws -> [TriageFixture] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".txt") || $0.hasSuffix(".crash") || $0.hasSuffix(".ips") }
            .sorted()
            .map { try load($0) }
    }

    static func load(_ name: String) throws -> TriageFixture {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        var expectations: [String: String] = [:]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.hasPrefix("# ") {
            let header = first.dropFirst(2)
            if header.hasPrefix("expect-"), let colon = header.firstIndex(of: ":") {
                expectations[String(header[header.index(header.startIndex, offsetBy: 7)..<colon])] =
                    header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            lines.removeFirst()
        }
        return TriageFixture(name: name, report: lines.joined(separator: "\n"), expectations: expectations)
    }

    /// Fixtures' names for parameterised tests.
    static func names() -> [String] {
        (try? all().map(\.name)) ?? []
    }
}

/// Records what it was asked and answers nothing.
final class RecordingDemangler: Demangler, @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [[String]] = []

    var requests: [[String]] { lock.withLock { calls } }

    func demangle(_ names: [String]) -> DemangledNames {
        lock.withLock { calls.append(names) }
        return DemangledNames(names: [:], note: "recorded")
    }
}
