import Foundation
import IsolationTriage
import Testing

/// Reports as people paste them: quoted, indented, wrapped, with Windows
/// line endings and terminal colours. Each variant must triage exactly as
/// the clean report does.
@Suite("Pasted text")
struct PastedTextTests {
    static let triage = CrashTriage(demangler: NoDemangler(reason: "not needed"))

    static func key(_ diagnosis: Diagnosis) -> String {
        [diagnosis.verdict.rawValue, diagnosis.isolation?.offender?.symbol ?? "-",
         diagnosis.isolation?.callers.first?.symbol ?? "-", diagnosis.isolation?.queue ?? "-",
         diagnosis.isolation?.route?.caseIDs.joined(separator: ",") ?? "-"].joined(separator: " | ")
    }

    static let textFixtures = ["lldb-seed-ios18.txt", "linux-case1-unchecked-box.txt", "apple-crash-macsai-appkit-callback.crash",
                               "crashlytics-codescanner.txt", "lldb-element-x-combine.txt", "sanitizer-case10b-tsan.txt"]

    @Test("issue-tracker quote prefixes and indentation", arguments: textFixtures)
    func quoted(name: String) async throws {
        let report = try TriageFixture.load(name).report
        let clean = Self.key(await Self.triage.triage(text: report, source: name))
        for prefix in ["> ", ">", "> > ", ">> ", "    ", "\t", ">     "] {
            let pasted = report.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
            #expect(Self.key(await Self.triage.triage(text: pasted, source: name)) == clean, "prefix '\(prefix)'")
        }
    }

    @Test("CRLF and CR line endings", arguments: textFixtures)
    func lineEndings(name: String) async throws {
        let report = try TriageFixture.load(name).report
        let clean = Self.key(await Self.triage.triage(text: report, source: name))
        #expect(Self.key(await Self.triage.triage(text: report.replacingOccurrences(of: "\n", with: "\r\n"), source: name)) == clean)
        #expect(Self.key(await Self.triage.triage(text: report.replacingOccurrences(of: "\n", with: "\r"), source: name)) == clean)
    }

    @Test("frame lines hard-wrapped at a terminal's width", arguments: textFixtures, [80, 100, 120])
    func hardWrapped(name: String, width: Int) async throws {
        let report = try TriageFixture.load(name).report
        let clean = Self.key(await Self.triage.triage(text: report, source: name))
        let wrapped = report.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            var chunks: [String] = []
            var rest = Substring(line)
            while rest.count > width {
                chunks.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
            chunks.append(String(rest))
            return chunks
        }.joined(separator: "\n")
        #expect(Self.key(await Self.triage.triage(text: wrapped, source: name)) == clean)
    }

    @Test("frame lines soft-wrapped at a space by an editor")
    func softWrapped() async {
        let lines = PastedText.rejoinWrappedFrames([
            "    frame #5: 0x1 App`closure #1 in Foo.bar(x=1,",
            "y=2) at Foo.swift:3",
            "    frame #6: 0x2 App`Foo.run() at Foo.swift:9",
        ])
        #expect(lines == ["    frame #5: 0x1 App`closure #1 in Foo.bar(x=1, y=2) at Foo.swift:3",
                          "    frame #6: 0x2 App`Foo.run() at Foo.swift:9"])
    }

    @Test("terminal colour codes are removed")
    func colours() async {
        let lines = PastedText.unquotedLines(of: "\u{1B}[90m5\u{1B}[39m \u{1B}[34m[ra]\u{1B}[39m \u{1B}[32m0x1\u{1B}[39m f() in p")
        #expect(lines == ["5 [ra] 0x1 f() in p"])
    }

    @Test("a wrapped .ips body (line breaks inside values) is read with them removed")
    func wrappedIPS() async throws {
        let report = try TriageFixture.load("apple-ips-macsai-appkit-callback.ips").report
        let clean = Self.key(await Self.triage.triage(text: report, source: "ips"))
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
        let wrapped = ([String(lines[0])] + lines.dropFirst().flatMap { line -> [String] in
            stride(from: 0, to: max(line.count, 1), by: 70).map { start in
                String(line.dropFirst(start).prefix(70))
            }
        }).joined(separator: "\n")
        let diagnosis = await Self.triage.triage(text: wrapped, source: "ips")
        #expect(Self.key(diagnosis) == clean)
        #expect(diagnosis.notes.contains { $0.contains("line breaks inside values") })
    }
}
