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

    /// The real-report corpus: the pasted fragments the tolerant reader reads.
    static func realTexts() -> [String] {
        let folder = TriageFixture.directory.appendingPathComponent("real")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
    }

    @Test("pasted fragments cut, flipped and their lines shuffled", arguments: realTexts())
    func pastedFragments(name: String) async throws {
        let folder = TriageFixture.directory.appendingPathComponent("real")
        let original = try Data(contentsOf: folder.appendingPathComponent(name))
        var generator = SplitMix64(seed: UInt64(original.count) &* 31 &+ 7)
        for step in 1..<8 {
            let cut = original.count * step / 8
            await check(original.prefix(cut), "\(name)[..<\(cut)]")
        }
        for round in 0..<12 {
            var data = original
            for _ in 0...(round % 6) where !data.isEmpty {
                data[Int.random(in: 0..<data.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            await check(data, "\(name)#flip\(round)")
            var lines = String(decoding: original, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            lines.shuffle(using: &generator)
            await check(Data(lines.joined(separator: "\n").utf8), "\(name)#shuffle\(round)")
        }
    }

    @Test("frame-like pieces glued into lines at random: arrows, backticks, brackets, addresses, headers")
    func frameLikeNoise() async {
        let pieces = ["→", "->", "<-", "←", "`", "(", ")", "[", "]", "<", ">", "0x1000", "+ 12", "#3", "12", "  ", "\t",
                      "closure #1 in", "Foo.bar(x:)", "libdispatch.dylib", "swift_task_isCurrentExecutorImpl",
                      "Crashed:", "Thread 2 Crashed::", "Exception Type:", "EXC_BAD_ACCESS", "File.swift:", " line ",
                      "\"symbol\" : \"", "-[", "+[", "Simultaneous accesses", "SWIFT TASK CONTINUATION MISUSE:", " at ", ".swift"]
        var generator = SplitMix64(seed: 22)
        for round in 0..<60 {
            var text = ""
            for _ in 0..<(20 + round * 4) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                if Int.random(in: 0..<6, using: &generator) == 0 { text += "\n" }
            }
            await check(Data(text.utf8), "noise#\(round)")
        }
    }

    @Test("one report's thread repeated a hundred times")
    func repeatedThreads() async throws {
        let report = try TriageFixture.load("lldb-seed-ios18.txt").report
        let repeated = String(repeating: report + "\n", count: 100)
        await check(Data(repeated.utf8), "seed×100")
    }
}
