import Foundation
import IsolationTriage
import Testing
import TestSupport

/// Inputs that are not reports, or are far bigger than one: each gets a
/// clear message naming the input, never a crash.
@Suite("Unreadable, empty and very large input")
struct InputLimitsTests {
    let triage = CrashTriage(demangler: NoDemangler(reason: "not needed"))

    @Test("empty and whitespace-only input")
    func empty() async {
        for text in ["", "\n\n", "   \t \r\n"] {
            await #expect(throws: TriageInputError.empty(source: "blank.txt")) {
                try await triage.triage(Data(text.utf8), source: "blank.txt")
            }
        }
        #expect(TriageInputError.empty(source: "blank.txt").description == "blank.txt: empty input: nothing to triage")
    }

    @Test("binary garbage is refused with what made it binary")
    func binary() async throws {
        var generator = SplitMix64(seed: 15)
        let garbage = Data((0..<65_536).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        do {
            _ = try await triage.triage(garbage, source: "core")
            Issue.record("binary input was accepted")
        } catch {
            #expect(error.source == "core")
            #expect(error.description.hasPrefix("core: not a text crash report ("))
            #expect(error.description.contains("NUL byte"))
        }
        // A report with one stray NUL byte (a paste accident) is still read.
        var report = Data(try TriageFixture.load("lldb-seed-ios18.txt").report.utf8)
        report.insert(0, at: 100)
        #expect(try await triage.triage(report, source: "seed").verdict == .isolationTrap)
    }

    @Test("more than the limit is refused before reading")
    func tooLarge() async {
        let data = Data(count: PastedText.maximumBytes + 1)
        await #expect(throws: TriageInputError.tooLarge(source: "huge.log", bytes: PastedText.maximumBytes + 1, limit: PastedText.maximumBytes)) {
            try await triage.triage(data, source: "huge.log")
        }
        let message = TriageInputError.tooLarge(source: "huge.log", bytes: 70 << 20, limit: PastedText.maximumBytes).description
        #expect(message == "huge.log: 70 MiB is more than triage reads (64 MiB); cut the crash out of the log (e.g. from '*** Program crashed' or 'Exception Type:' on)")
    }

    @Test("a 20 MB log with a crash in the middle is triaged")
    func largeLog() async throws {
        let crash = try TriageFixture.load("linux-case8b-swift5-callback.txt").report
        let line = "2026-11-23T03:00:00Z info worker: processed request id=4242 in 3ms status=200 bytes=1024\n"
        let half = String(repeating: line, count: 10_000_000 / line.utf8.count)
        let log = half + crash + "\n" + half
        #expect(log.utf8.count > 20_000_000)
        // This test is about size: a debug build on a busy machine may take
        // longer than the default time limit (which has its own test).
        let unhurried = CrashTriage(demangler: NoDemangler(reason: "not needed"), timeLimit: 600)
        let diagnosis = try await unhurried.triage(Data(log.utf8), source: "service.log")
        #expect(diagnosis.verdict == .isolationTrap)
        #expect(diagnosis.isolation?.offender?.symbol == "closure #1 in Gallery.refresh(done:)")
    }

    @Test("text that is no crash report at all")
    func noReport() async throws {
        let diagnosis = try await triage.triage(Data("Hello, world.\nNothing to see here.\n".utf8), source: "notes.txt")
        #expect(diagnosis.verdict == .unknown)
        #expect(diagnosis.format == nil)
        #expect(diagnosis.summary.hasPrefix("No crash report recognised"))
    }
}
