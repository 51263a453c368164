import Foundation
import IsolationTriage
import Testing
import TestSupport

/// Damaged reports: cut short, bytes flipped, threads of two reports
/// interleaved. Triage must answer every one (a diagnosis or an input
/// error), keep its answer small, and never hang.
@Suite("Fuzzed reports")
struct FuzzTests {
    let triage = CrashTriage(demangler: NoDemangler(reason: "fuzzing"))
    /// A hang guard, not a speed claim: each input is a few kilobytes and
    /// triages in milliseconds; an input that takes this long has sent a
    /// parser into a loop or quadratic work.
    static let hangGuard = Duration.seconds(2)

    func check(_ data: Data, _ label: String) async {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome: TriageOutcome
        do {
            outcome = .diagnosed(try await triage.triage(data, source: label))
        } catch {
            outcome = .failed(error)
            #expect(error.description.hasPrefix(label + ":"), "\(label): \(error)")
        }
        #expect(clock.now - start < Self.hangGuard, "\(label) took \(clock.now - start)")
        if case .diagnosed(let diagnosis) = outcome {
            #expect(diagnosis.evidence.count <= 12, "\(label): \(diagnosis.evidence.count) evidence lines")
            #expect(diagnosis.topFrames.count <= 6 && diagnosis.notes.count <= 8, "\(label)")
            #expect((diagnosis.isolation?.callers.count ?? 0) <= TriageClassifier.callerLimit, "\(label)")
            #expect(!diagnosis.summary.isEmpty, "\(label)")
        }
        // Rendering never fails either.
        #expect(!TriageTextRenderer().render([outcome]).isEmpty)
        #expect(!TriageJSONRenderer().render([outcome]).isEmpty, "\(label)")
    }

    @Test("truncated at every sixteenth, from either end", arguments: TriageFixture.names())
    func truncations(name: String) async throws {
        let data = Data(try TriageFixture.load(name).report.utf8)
        for step in 1..<16 {
            let cut = data.count * step / 16
            await check(data.prefix(cut), "\(name)[..<\(cut)]")
            await check(data.suffix(from: data.startIndex + cut), "\(name)[\(cut)...]")
        }
    }

    @Test("bytes flipped", arguments: TriageFixture.names())
    func byteFlips(name: String) async throws {
        let original = Data(try TriageFixture.load(name).report.utf8)
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: name.hashValue & 0xFFFF) &+ 15)
        for round in 0..<40 {
            var data = original
            for _ in 0...(round % 8) {
                let index = Int.random(in: 0..<data.count, using: &generator)
                data[index] = UInt8.random(in: 0...255, using: &generator)
            }
            await check(data, "\(name)#flip\(round)")
        }
    }

    @Test("lines of two reports interleaved", arguments: TriageFixture.names())
    func interleaved(name: String) async throws {
        let first = try TriageFixture.load(name).report.split(separator: "\n", omittingEmptySubsequences: false)
        for other in TriageFixture.names() where other != name {
            let second = try TriageFixture.load(other).report.split(separator: "\n", omittingEmptySubsequences: false)
            var merged: [Substring] = []
            for index in 0..<max(first.count, second.count) {
                if index < first.count { merged.append(first[index]) }
                if index < second.count { merged.append(second[index]) }
            }
            await check(Data(merged.joined(separator: "\n").utf8), "\(name)+\(other)")
        }
    }

    @Test("one report's thread repeated a hundred times")
    func repeatedThreads() async throws {
        let report = try TriageFixture.load("lldb-seed-ios18.txt").report
        let repeated = String(repeating: report + "\n", count: 100)
        await check(Data(repeated.utf8), "seed×100")
    }
}
