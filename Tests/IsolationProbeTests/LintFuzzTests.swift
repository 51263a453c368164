import Foundation
import Testing
import TestSupport

@testable import IsolationLint
@testable import ProbeProcess

/// Feeds the linter damaged input: every file of a corpus truncated at random
/// points and with random byte edits, plus the files real trees contain by
/// accident. It must finish, name what it skipped, and keep its exit status.
///
/// The bounded run here uses the fixtures and the linter's own sources;
/// `.ci/lint-fuzz.sh` runs the same test for longer on real packages
/// (`LINT_FUZZ_ITERATIONS`, `LINT_FUZZ_CORPUS`, `LINT_FUZZ_SEED`).
@Suite("lint fuzzing")
struct LintFuzzTests {
    static var iterations: Int { Int(ProcessInfo.processInfo.environment["LINT_FUZZ_ITERATIONS"] ?? "") ?? 120 }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["LINT_FUZZ_SEED"] ?? "") ?? 14 }

    static func corpus() throws -> [String] {
        if let directory = ProcessInfo.processInfo.environment["LINT_FUZZ_CORPUS"] {
            return try LintEngine.swiftFiles(at: [directory])
        }
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/isolation-probe/IsolationLint").path
        return try LintEngine.swiftFiles(at: [LintFixtures.root.path, sources])
    }

    /// Bytes that make parsers take unusual paths.
    static let interesting: [UInt8] = Array("{}()[]<>\"'#@\\/*\n`$:;,.?!=-&|".utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xFF]

    static func mutate(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        guard !bytes.isEmpty else { return bytes }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &generator)...)
        default:
            for _ in 0..<Int.random(in: 1...12, using: &generator) where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = interesting.randomElement(using: &generator) ?? 0
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
        }
        return bytes
    }

    // The limit turns a hang into a failure; long runs via .ci/lint-fuzz.sh fit in it.
    @Test("damaged files never crash or hang the linter, alone or linted together", .timeLimit(.minutes(60)))
    func damagedFiles() throws {
        let files = try Self.corpus()
        #expect(!files.isEmpty)
        let originals = try files.map { try Array(Data(contentsOf: URL(fileURLWithPath: $0))) }
        var generator = SplitMix64(seed: Self.seed)
        var batch: [ParsedSource] = []
        for iteration in 0..<Self.iterations {
            let pick = Int.random(in: 0..<files.count, using: &generator)
            let damaged = Self.mutate(originals[pick], using: &generator)
            // Invalid UTF-8 is what the reader rejects; the parser gets the repaired text.
            let source = ParsedSource(path: "fuzz/\(iteration).swift", text: String(decoding: damaged, as: UTF8.self))
            let alone = LintEngine().lint(sources: [source])
            #expect(alone.filesScanned == 1)
            for finding in alone.findings {
                #expect(finding.line >= 1 && finding.line <= max(source.lineCount, 1), "seed \(Self.seed) iteration \(iteration)")
            }
            // The last few hundred, so long runs stay within memory.
            if batch.count == 400 { batch.removeFirst() }
            batch.append(source)
        }
        // Damaged files together, so declarations from one inform another.
        let together = LintEngine().lint(sources: batch)
        #expect(together.filesScanned == batch.count)
        // Fixing damaged code never corrupts it beyond the inserted attributes.
        for source in batch.prefix(40) {
            let fixer = LintFixer(engine: LintEngine())
            let candidates = fixer.engine.check(sources: [source]).kept
            #expect(candidates.allSatisfy { $0.insertions.allSatisfy { $0.offset <= source.tree.totalLength.utf8Length } })
        }
    }

    @Test("empty, non-UTF-8, huge, looping, dangling and non-regular files: skipped by name, exit status kept",
          .timeLimit(.minutes(10)))
    func hostileTree() async throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        try tree.write("", to: "Empty.swift")
        try Data([0x2F, 0x2F, 0x20, 0xE9, 0x74, 0xE9, 0x0A, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: tree.path("Latin1.swift")))
        // About 5 MB of generated declarations (long data literals, as
        // generated resource files have), one planted violation per block.
        let blob = String(repeating: "0123456789abcdef", count: 120)
        var big = ""
        var block = 0
        while big.utf8.count < 5_000_000 {
            big += "final class Generated\(block): @unchecked Sendable {\n    var onEvent\(block): (Int) -> Void = { _ in }\n"
                + "    let data = \"\(blob)\"\n    let count = [1, 2, 3].map { $0 * \(block) }\n}\n"
            block += 1
        }
        try tree.write(big, to: "Big/Generated.swift")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: tree.path("Big/loop"), withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: tree.path("Self.swift"), withDestinationPath: tree.path("Self.swift"))
        try manager.createSymbolicLink(atPath: tree.path("Dangling.swift"), withDestinationPath: "/nonexistent/Dangling.swift")
        #expect(mkfifo(tree.path("Pipe.swift"), 0o644) == 0)
        try tree.write("final class Unreadable: @unchecked Sendable { var f: () -> Void = {} }\n", to: "Unreadable.swift")
        // Root reads mode-000 files anyway; SmallDefectTests' unreadable-file
        // test drops root's capabilities to see what a user sees.
        let unreadableTestable = getuid() != 0
        #expect(chmod(tree.path("Unreadable.swift"), 0) == 0)

        // The 5 MB file must be linted, not timed out: the per-file limit is
        // WatchdogTests' subject. A debug build parses it in about 14 s alone,
        // but with CI's other suites running on 2 cores it took over the
        // default 60 s once (2026-11-27), which skipped it here.
        let run = try await ProbeBinary.run(["lint", tree.root, "--format", "json", "--file-time-limit", "300"])
        #expect(run.termination.shellStatus == 1, "\(run.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let skipped = (report?["skippedFiles"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
        var expectedSkipped = ["Dangling.swift", "Latin1.swift", "Pipe.swift", "Self.swift"]
        if unreadableTestable { expectedSkipped.append("Unreadable.swift") }
        #expect(Set(skipped.map { ($0 as NSString).lastPathComponent }) == Set(expectedSkipped))
        for name in expectedSkipped { #expect(run.standardError.contains(name), "\(name) not named on standard error") }
        // Found once, not once per trip around the link loop.
        #expect((report?["findings"] as? [Any])?.count == block + (unreadableTestable ? 0 : 1))
        #expect(report?["filesScanned"] as? Int == (unreadableTestable ? 2 : 3))

        // Only unreadable files: bad usage, not "clean".
        let nothing = try ScratchTree()
        defer { nothing.remove() }
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: nothing.path("Bad.swift")))
        let none = try await ProbeBinary.run(["lint", nothing.root])
        #expect(none.termination.shellStatus == 2)
        #expect(none.standardError.contains("Bad.swift (not UTF-8 text)"), "\(none.standardError)")
    }
}
