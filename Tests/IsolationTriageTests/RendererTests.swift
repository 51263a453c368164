import Foundation
import IsolationTriage
import Testing

@Suite("Text and JSON reports")
struct RendererTests {
    let notes = ["8b": CaseNote(id: "8b", title: "Swift 5 module callback", explanation: "The closure is main-actor isolated.",
                                fix: "Make the callback @Sendable.")]

    func diagnosis(_ name: String) async throws -> Diagnosis {
        await CrashTriage(demangler: NoDemangler(reason: "-")).triage(text: try TriageFixture.load(name).report, source: name)
    }

    @Test("the text report labels each fact and quotes the route's case")
    func text() async throws {
        let text = TriageTextRenderer(caseNotes: notes).render([.diagnosed(try await diagnosis("linux-case8b-swift5-callback.txt")),
                                                                 .failed(.empty(source: "blank.txt"))])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "linux-case8b-swift5-callback.txt: isolation-trap (Swift runtime backtrace)")
        #expect(lines.contains("  offender    closure #1 in Gallery.refresh(done:) at Swift5ModuleCallback.swift [program]"))
        #expect(lines.contains("  called by   closure #1 in static LegacyScheduler.runInBackground(_:done:) at"))
        // Why and fix in the report's names; the catalog's case as the same story.
        #expect(lines.contains { $0.hasPrefix("  why         `closure #1 in Gallery.refresh(done:)` was written in `Gallery.refresh(done:)`") })
        #expect(lines.contains { $0.hasPrefix("  fix         Make the callback parameter `@Sendable`") })
        #expect(lines.contains("  same story  catalog 8b: Swift 5 module callback"))
        #expect(!text.contains("The closure is main-actor isolated."))
        #expect(lines.contains("  more        isolation-probe explain 8b"))
        #expect(lines.contains("blank.txt: unreadable"))
        // Adapted to the report: its own frames before the catalog's story.
        let joined = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(joined.contains("in yours `closure #1 in Gallery.refresh(done:)` is your code that ran on the wrong executor"))
        #expect(joined.contains("`closure #1 in static LegacyScheduler.runInBackground(_:done:)` called it"))
        // The report has the file but no line: detect finds it.
        #expect(joined.contains("line not in the report: `isolation-probe detect --package . --product program`"))
    }

    @Test("an offender with a line gets no detect hint; a closure in top-level code is named as such")
    func lineAndTopLevelCode() {
        let caller = StackFrame(index: 4, image: "program", symbol: "closure #1 in ", file: "main.swift", line: 19)
        #expect(caller.displayName == "closure #1 in top-level code")
        let finding = IsolationFinding(
            offender: StackFrame(index: 3, image: "program", symbol: "closure #1 in Host.init()", file: "Host.swift", line: 7),
            expectedExecutor: "MainActor", callers: [caller])
        #expect(TriageTextRenderer.detectHint(for: finding) == nil)
        #expect(TriageTextRenderer.inYourReport(finding)?.contains("`closure #1 in top-level code` called it") == true)
        let diagnosis = Diagnosis(source: "t.txt", verdict: .isolationTrap, summary: "s", isolation: finding)
        let text = TriageTextRenderer().render(diagnosis)
        #expect(text.contains("  called by   closure #1 in top-level code at main.swift:19 [program]"), "\(text)")
        #expect(!text.contains("closure #1 in at"))
    }

    @Test("the JSON report carries verdict, offender, route, cases and input errors")
    func json() async throws {
        let json = TriageJSONRenderer(caseNotes: notes).render([.diagnosed(try await diagnosis("linux-case8b-swift5-callback.txt")),
                                                                     .failed(.binary(source: "core", detail: "3 NUL byte(s) in 9 bytes"))])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let report = try #require((document["reports"] as? [[String: Any]])?.first)
        #expect(report["verdict"] as? String == "isolation-trap")
        #expect(report["format"] as? String == "swift-backtrace")
        let isolation = try #require(report["isolation"] as? [String: Any])
        #expect((isolation["offender"] as? [String: Any])?["symbol"] as? String == "closure #1 in Gallery.refresh(done:)")
        #expect((isolation["route"] as? [String: Any])?["caseIDs"] as? [String] == ["8b"])
        #expect((report["cases"] as? [[String: Any]])?.first?["fix"] as? String == "Make the callback @Sendable.")
        let error = try #require((document["errors"] as? [[String: Any]])?.first)
        #expect(error["source"] as? String == "core")
        #expect((error["message"] as? String)?.hasPrefix("core: not a text crash report (3 NUL byte(s)") == true)
        // Decodes back into the library's own type.
        let diagnosisJSON = try JSONSerialization.data(withJSONObject: report)
        #expect(try JSONDecoder().decode(Diagnosis.self, from: diagnosisJSON).verdict == .isolationTrap)
    }
}
