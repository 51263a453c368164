import Foundation
import Testing
import TestSupport

@testable import IsolationDetect
@testable import ProbeProcess
@testable import ProbeSupport

/// Fixture programs live beside this file. A line the runtime must report
/// carries `// detect: <kind> [count]`; the tests compile the programs with
/// `-enable-actor-data-race-checks`, run them under `DetectEngine`, and
/// compare with the markers.
enum DetectFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Detect")

    struct Expectation: Hashable, CustomStringConvertible {
        let file: String
        let line: Int
        let kind: String
        let count: Int?
        var description: String { "\(file):\(line) \(kind) ×\(count.map(String.init) ?? "?")" }
    }

    /// Markers in the `.swift` files under `directory` (file names only).
    static func expectations(in directory: URL) throws -> [Expectation] {
        var found: [Expectation] = []
        for file in try SwiftSourceFiles.find(at: [directory.path]) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let marker = line.range(of: "// detect: ") else { continue }
                let words = line[marker.upperBound...].split(separator: " ")
                found.append(Expectation(
                    file: (file as NSString).lastPathComponent, line: offset + 1, kind: String(words[0]),
                    count: words.count > 1 ? Int(words[1]) : nil))
            }
        }
        return found
    }

    /// A fresh copy of fixture `name` in a temporary directory.
    static func copy(_ name: String) throws -> URL {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("isolation-probe-detect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let target = destination.appendingPathComponent(name)
        try FileManager.default.copyItem(at: root.appendingPathComponent(name), to: target)
        return target
    }

    /// Compiles every `.swift` file in `directory` into `directory/prog` the
    /// way the seed's crash needs: Swift 6 with run-time isolation checks.
    static func compile(_ directory: URL, module: String) async throws -> String {
        let output = directory.appendingPathComponent("prog").path
        let files = try SwiftSourceFiles.find(at: [directory.path])
        let result = try await ChildProcess.run(
            executable: try ChildProcess.resolve("swiftc"),
            arguments: ["-swift-version", "6", "-enable-actor-data-race-checks", "-module-name", module] + files + ["-o", output],
            limits: .init(timeout: .seconds(600), maxOutputBytes: 8 << 20))
        guard result.termination == .exited(0) else {
            throw CompileFailure(directory: directory.path, termination: result.termination, output: result.standardError)
        }
        return output
    }

    struct CompileFailure: Error {
        let directory: String
        let termination: ProcessTermination
        let output: String
    }

    static func observed(_ report: DetectReport) -> [Expectation] {
        report.tally.entries.map { entry in
            Expectation(
                file: ((entry.path ?? entry.violation.fileID) as NSString).lastPathComponent,
                line: entry.violation.line, kind: entry.violation.kind.rawValue, count: entry.count)
        }
    }
}

@Suite("runtime message recognition")
struct ViolationParsingTests {
    @Test("main-actor, actor and assumption messages are recognised with their location")
    func recognised() throws {
        let main = try #require(IsolationViolation.parse(
            "warning: data race detected: @MainActor function at App/Sink.swift:13 was not called on the main thread"))
        #expect(main == IsolationViolation(
            kind: .mainActor, fileID: "App/Sink.swift", line: 13,
            detail: "@MainActor function was not called on the main thread"))

        let actor = try #require(IsolationViolation.parse(
            "error: data race detected: actor-isolated function at Core/Worker.swift:7 was not called on the same actor"))
        #expect(actor.kind == .actor)
        #expect(actor.fileID == "Core/Worker.swift")
        #expect(actor.line == 7)

        // A partial line from another thread may precede the message.
        let interleaved = try #require(IsolationViolation.parse(
            "progress 40%warning: data race detected: @MainActor function at A/b.swift:2 was not called on the main thread"))
        #expect(interleaved.fileID == "A/b.swift")

        let assumption = try #require(IsolationViolation.parse(
            "prog/main.swift:28: Fatal error: Incorrect actor executor assumption; Expected same executor as MainActor."))
        #expect(assumption.kind == .executorAssumption)
        #expect(assumption.fileID == "prog/main.swift")
        #expect(assumption.line == 28)

        let unlocated = try #require(IsolationViolation.parse(
            "Incorrect actor executor assumption; expected 'prog.MyGA' executor."))
        #expect(unlocated.fileID == "")
        #expect(unlocated.line == 0)
    }

    @Test("ordinary output is not mistaken for a violation", arguments: [
        "warning: unused variable 'x'",
        "data race detected somewhere, says a log line",
        "Test run with 1 test passed after 0.001 seconds.",
        "",
    ])
    func ignored(line: String) {
        #expect(IsolationViolation.parse(line) == nil)
    }

    @Test("the tally deduplicates by kind and location, counts, and keeps first-seen order")
    func tally() {
        var tally = ViolationTally()
        let first = "warning: data race detected: @MainActor function at M/a.swift:3 was not called on the main thread"
        let second = "warning: data race detected: actor-isolated function at M/a.swift:3 was not called on the same actor"
        let third = "warning: data race detected: @MainActor function at M/b.swift:9 was not called on the main thread"
        for line in [first, second, first, third, first, "unrelated"] { tally.record(line: line) }
        #expect(tally.entries.map(\.count) == [3, 1, 1])
        #expect(tally.entries.map(\.violation.kind) == [.mainActor, .actor, .mainActor])
        #expect(tally.occurrences == 5)
    }

    @Test("exit status: the program's failure, else 1 for violations, else 0")
    func exitStatus() {
        var tally = ViolationTally()
        #expect(DetectReport(command: ["p"], ending: .exited(0), tally: tally).exitStatus == 0)
        #expect(DetectReport(command: ["p"], ending: .exited(3), tally: tally).exitStatus == 3)
        tally.record(line: "warning: data race detected: @MainActor function at M/a.swift:3 was not called on the main thread")
        #expect(DetectReport(command: ["p"], ending: .exited(0), tally: tally).exitStatus == 1)
        #expect(DetectReport(command: ["p"], ending: .signaled(4), tally: tally).exitStatus == 132)
    }

    @Test("#fileIDs resolve to files under the source root, preferring the module's directory")
    func locator() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locator-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["Sources/my-tool/main.swift", "Sources/Core/main.swift", "Sources/Core/Unique.swift",
                     "Sources/A/Twin.swift", "Sources/B/Sub/Twin.swift", ".build/checkouts/Dep/Unique.swift"] {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "// \(path)".write(to: file, atomically: true, encoding: .utf8)
        }
        let locator = SourceLocator(root: root.path)
        #expect(locator.path(forFileID: "my_tool/main.swift")?.hasSuffix("Sources/my-tool/main.swift") == true)
        #expect(locator.path(forFileID: "Core/main.swift")?.hasSuffix("Sources/Core/main.swift") == true)
        // Build products are not sources: the checkout copy does not make the name ambiguous.
        #expect(locator.path(forFileID: "Core/Unique.swift")?.hasSuffix("Sources/Core/Unique.swift") == true)
        #expect(locator.path(forFileID: "B/Twin.swift")?.hasSuffix("Sources/B/Sub/Twin.swift") == true)
        #expect(locator.path(forFileID: "C/Twin.swift") == nil)
        #expect(locator.path(forFileID: "Core/Missing.swift") == nil)
    }

    @Test("the program's exit status passes through when it fails")
    func exitStatusPassesThrough() async throws {
        let report = try await DetectEngine(sourceRoot: nil).run(["sh", "-c", "echo to-stderr >&2; exit 7"])
        #expect(report.ending == .exited(7))
        #expect(report.exitStatus == 7)
        #expect(report.tally.entries.isEmpty)
    }

    @Test("a program that does not exist is a clear error")
    func missingProgram() async {
        await #expect(throws: ChildProcess.Failure.self) {
            _ = try await DetectEngine(sourceRoot: nil).run(["isolation-probe-no-such-program-\(UUID().uuidString)"])
        }
    }
}

@Suite("detect on compiled programs")
struct DetectProgramTests {
    @Test("every planted violation in a multi-file program is reported once, at its line, with its count")
    func planted() async throws {
        let directory = try DetectFixtures.copy("Planted")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let program = try await DetectFixtures.compile(directory, module: "Planted")
        let report = try await DetectEngine(sourceRoot: directory.path, forwardRuntimeWarnings: false).run([program])

        let expected = try DetectFixtures.expectations(in: directory)
        #expect(expected.count == 3)
        #expect(Set(DetectFixtures.observed(report)) == Set(expected))
        #expect(report.tally.entries.count == expected.count)
        #expect(report.ending == .exited(0), "legacy mode must let the program run to the end")
        #expect(report.exitStatus == 1)
        // The runtime's #fileID was resolved to the copied source file.
        #expect(report.tally.entries.allSatisfy { $0.path?.hasPrefix(directory.path) == true })
    }

    @Test("the safe version of the same program reports nothing and exits 0")
    func clean() async throws {
        let directory = try DetectFixtures.copy("Clean")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let program = try await DetectFixtures.compile(directory, module: "Clean")
        let report = try await DetectEngine(sourceRoot: directory.path).run([program])
        #expect(report.tally.entries.isEmpty)
        #expect(report.ending == .exited(0))
        #expect(report.exitStatus == 0)
        #expect(report.render(.text).contains("no isolation violations"))
    }

    @Test("a failed assumeIsolated is reported at its line and the program's failure passes through")
    func assumption() async throws {
        let directory = try DetectFixtures.copy("Assumption")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let program = try await DetectFixtures.compile(directory, module: "Assumption")
        let report = try await DetectEngine(sourceRoot: directory.path, forwardRuntimeWarnings: false).run([program])
        let expected = try DetectFixtures.expectations(in: directory)
        #expect(Set(DetectFixtures.observed(report)) == Set(expected))
        #expect(report.ending != .exited(0))
        #expect(report.exitStatus != 0)
    }

    @Test("JSON and SARIF reports carry each violation with its count and location")
    func formats() async throws {
        let directory = try DetectFixtures.copy("Planted")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let program = try await DetectFixtures.compile(directory, module: "Planted")
        let report = try await DetectEngine(sourceRoot: directory.path, forwardRuntimeWarnings: false).run([program])

        let json = try JSONSerialization.jsonObject(with: Data(report.render(.json).utf8)) as? [String: Any]
        let violations = try #require(json?["violations"] as? [[String: Any]])
        #expect(violations.compactMap { $0["count"] as? Int }.sorted() == [1, 2, 3])
        #expect(json?["exitStatus"] as? Int == 0)
        #expect(json?["occurrences"] as? Int == 6)

        let sarif = try JSONSerialization.jsonObject(with: Data(report.render(.sarif).utf8)) as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")
        let results = try #require(((sarif?["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        #expect(results.count == 3)
        let lines = results.compactMap { result -> Int? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["region"] as? [String: Any])?["startLine"] as? Int
        }
        #expect(Set(lines) == Set(report.tally.entries.map(\.violation.line)))
    }
}

@Suite("detect on generated programs")
struct DetectGeneratedTests {
    /// Writes a two-file program: main-actor closures stored in an
    /// `@unchecked Sendable` slot at random lines (each called a random number
    /// of times from a plain thread) mixed with `@Sendable` ones that must not
    /// be reported. Returns the program's directory and what must be seen.
    static func generate(seed: UInt64) throws -> (URL, Set<DetectFixtures.Expectation>) {
        var generator = SplitMix64(seed: seed)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("isolation-probe-generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let storage = """
            final class Slot: @unchecked Sendable {
                var action: () -> Void = {}
            }
            final class SafeSlot: @unchecked Sendable {
                var action: @Sendable () -> Void = {}
            }
            """
        try storage.write(to: directory.appendingPathComponent("Storage.swift"), atomically: true, encoding: .utf8)

        let slotCount = Int.random(in: 2...5, using: &generator)
        var lines = ["import Foundation", "", "@MainActor func install(_ slots: [Slot], _ safe: [SafeSlot]) {"]
        var expected: Set<DetectFixtures.Expectation> = []
        var counts: [Int] = []
        for index in 0..<slotCount {
            for _ in 0..<Int.random(in: 0...2, using: &generator) { lines.append("    // padding") }
            let count = Int.random(in: 1...4, using: &generator)
            counts.append(count)
            lines.append("    slots[\(index)].action = { _ = \(index) }")
            expected.insert(.init(file: "main.swift", line: lines.count, kind: "main-actor-off-main-thread", count: count))
            lines.append("    safe[\(index)].action = { _ = \(index) }")
        }
        lines += [
            "}",
            "let slots = (0..<\(slotCount)).map { _ in Slot() }",
            "let safe = (0..<\(slotCount)).map { _ in SafeSlot() }",
            "install(slots, safe)",
            "let counts = \(counts)",
            "await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in",
            "    Thread.detachNewThread {",
            "        for (index, slot) in slots.enumerated() {",
            "            for _ in 0..<counts[index] { slot.action(); safe[index].action() }",
            "        }",
            "        done.resume()",
            "    }",
            "}",
        ]
        try lines.joined(separator: "\n").write(
            to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        return (directory, expected)
    }

    @Test("random programs: each planted closure once, at its line, with its call count", arguments: [11, 12, 13] as [UInt64])
    func generated(seed: UInt64) async throws {
        let (directory, expected) = try Self.generate(seed: seed)
        defer { try? FileManager.default.removeItem(at: directory) }
        let program = try await DetectFixtures.compile(directory, module: "Generated\(seed)")
        let report = try await DetectEngine(sourceRoot: directory.path, forwardRuntimeWarnings: false).run([program])
        #expect(Set(DetectFixtures.observed(report)) == expected)
        #expect(report.tally.entries.count == expected.count)
    }
}

@Suite("detect on a package")
struct DetectPackageTests {
    @Test("one command builds a package with checks and runs its tests, then an executable")
    func packageTestsAndProduct() async throws {
        let directory = try DetectFixtures.copy("Package")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let marker = try #require(try DetectFixtures.expectations(in: directory).first)

        let tests = try await PackageCheck(packagePath: directory.path, target: .tests, forwardRuntimeWarnings: false).run()
        #expect(DetectFixtures.observed(tests) == [.init(file: marker.file, line: marker.line, kind: marker.kind, count: 4)])
        #expect(tests.ending == .exited(0))
        #expect(tests.exitStatus == 1)

        let product = try await PackageCheck(
            packagePath: directory.path, target: .product("planted-app"), forwardRuntimeWarnings: false
        ).run()
        #expect(DetectFixtures.observed(product) == [.init(file: marker.file, line: marker.line, kind: marker.kind, count: 2)])
        #expect(product.tally.entries.first?.path?.hasSuffix("Sources/PlantedLib/CallbackStore.swift") == true)
    }

    @Test("a directory without Package.swift is refused")
    func notAPackage() async {
        await #expect(throws: PackageCheck.Failure.self) {
            _ = try await PackageCheck(packagePath: FileManager.default.temporaryDirectory.path, target: .tests).run()
        }
    }
}
