import Foundation
import Testing
import TestSupport
@testable import IsolationCatalog
import ProbeProcess

/// `swift run isolation-probe`'s first screen: piped, one progress line per
/// job in columns no name runs into; on a terminal, one status line
/// rewritten in place and cleared, so a warm run's whole screen fits 80×24.
@Suite("The default run's first screen", .tags(.slow), .skippedInFastTier, .serialized)
struct FirstScreenTests {
    /// `output` as a terminal shows it: per line, what follows the last
    /// carriage return, without the escape sequences that clear the line.
    static func screen(_ output: String) -> [String] {
        var lines = output.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                String(line.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
                    .replacingOccurrences(of: #"\x{1B}\[[0-9;]*[A-Za-z]"#, with: "", options: .regularExpression)
            }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    @Test("piped: one plain line per job, each case name apart from its outcome, the outcomes in one column")
    func pipedColumns() async throws {
        let ids = try TestCatalog.shipped().cases.map(\.id)
        let result = try await ProbeBinary.run([])
        #expect(result.termination.shellStatus == 0, "\(result.standardError)")
        let progress = result.standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix("[") }
        #expect(progress.count == ids.count, "\(result.standardError)")
        #expect(!result.standardError.contains("\r"))
        var outcomeColumns: Set<Int> = []
        for line in progress {
            // The case this line is about: the longest id it names as a word.
            let id = try #require(ids.filter { line.contains(" \($0) ") }.max { $0.count < $1.count }, "no case id stands apart in: \(line)")
            let after = try #require(line.range(of: " \(id) ")).upperBound
            #expect(line[after...].hasPrefix(" "), "\(id) runs into its outcome: \(line)")
            outcomeColumns.insert(line.distance(from: line.startIndex, to: line[after...].firstIndex { $0 != " " } ?? line.endIndex))
        }
        #expect(outcomeColumns.count == 1, "the outcomes start at columns \(outcomeColumns.sorted())")
    }

    @Test("on a terminal: progress is one line rewritten in place and cleared; the warm run's screen fits 80×24")
    func terminalScreen() async throws {
        // Warm the cache first: the screen promised is a warm run's.
        #expect(try await ProbeBinary.run(["--quiet"]).termination.shellStatus == 0)
        // script copies nothing when its standard input is closed, as a
        // child's is here: /dev/null gives it one that ends at once.
        let command = "'\(ProbeBinary.path)'; echo exit=$?"
        let result = try await ChildProcess.run(
            executable: "/bin/sh", arguments: ["-c", "exec /usr/bin/script -qec \"$0\" /dev/null < /dev/null", command],
            environment: ["ISOLATION_PROBE_CACHE_DIR": TestCatalog.cacheDirectory.path],
            limits: .init(timeout: .seconds(600), maxOutputBytes: 8 << 20))
        let screen = Self.screen(result.standardOutput)
        #expect(screen.last == "exit=0", "\(result.termination): \(result.standardOutput.debugDescription)\(result.standardError)")
        let shown = screen.dropLast()
        #expect(shown.count <= 24, "\(shown.count) lines:\n\(shown.joined(separator: "\n"))")
        #expect(shown.allSatisfy { $0.count <= 80 }, "wider than 80: \(shown.filter { $0.count > 80 })")
        #expect(!shown.contains { $0.hasPrefix("[") }, "progress left on the screen:\n\(shown.joined(separator: "\n"))")
        #expect(shown.contains { $0.hasPrefix("summary: ") })
    }
}
