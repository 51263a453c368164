import Foundation
import Testing

@testable import IsolationLint
@testable import ProbeProcess

/// A scratch copy of a fixture tree (or an empty folder), removed by `remove()`.
struct ScratchTree {
    let root: String

    init(copying fixture: String? = nil) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("lint-scratch-\(UUID().uuidString)").path
        if let fixture {
            try FileManager.default.copyItem(atPath: LintFixtures.path(fixture), toPath: root)
        } else {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }
    }

    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    func write(_ text: String, to relative: String) throws {
        let file = path(relative)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    func read(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }

    /// Every file's contents by relative path.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for file in try LintEngine.swiftFiles(at: [root]) {
            files[String(file.dropFirst(root.count + 1))] = try Data(contentsOf: URL(fileURLWithPath: file))
        }
        return files
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

@Suite("lint baseline")
struct LintBaselineTests {
    @Test("a baseline accepts what it recorded, keeps matching after lines are inserted, and reports only new findings")
    func survivesInsertedLines() throws {
        let tree = try ScratchTree(copying: "Planted")
        defer { tree.remove() }
        let before = try LintEngine().lint(paths: [tree.root])
        #expect(before.findings.count >= 14)
        let baseline = LintBaseline(recording: before.findings, root: tree.root)
        let same = baseline.applied(to: before)
        #expect(same.findings == [] && same.baselinedCount == before.findings.count && same.fixedBaselineEntries == [])

        // Unrelated edits: lines inserted at the top of every file and a
        // blank line inside a declaration; one new violation.
        for file in try tree.snapshot().keys {
            let text = try tree.read(file)
            try tree.write("// added\n\n// lines\n" + text.replacingOccurrences(of: "{\n", with: "{\n\n"), to: file)
        }
        let logging = "Sources/Telemetry/Logging.swift"
        try tree.write(
            try tree.read(logging) + "\nfinal class Added: @unchecked Sendable {\n    var onTick: () -> Void = {}\n}\n",
            to: logging)
        let after = baseline.applied(to: try LintEngine().lint(paths: [tree.root]))
        #expect(after.findings.map(\.rule) == [.uncheckedSendableStoredClosure])
        #expect(after.findings.first?.lineText == "var onTick: () -> Void = {}")
        #expect(after.fixedBaselineEntries == [])
        #expect(after.baselinedCount == before.findings.count)
    }

    @Test("removing a recorded violation lists its entry as fixed; identical lines are counted")
    func fixedEntriesAndCounts() throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        let twice = "final class Twice: @unchecked Sendable {\n    var a: () -> Void = {}\n}\n"
            + "final class Again: @unchecked Sendable {\n    var a: () -> Void = {}\n}\n"
        try tree.write(twice, to: "Sources/T.swift")
        let report = try LintEngine().lint(paths: [tree.root])
        let baseline = LintBaseline(recording: report.findings, root: tree.root)
        #expect(baseline.entries.count == 1 && baseline.entries.first?.count == 2)
        #expect(baseline.entries.first?.file == "Sources/T.swift")

        // One of the two fixed: the entry now counts one more than is found.
        try tree.write(twice.replacingOccurrences(of: "Again: @unchecked Sendable", with: "Again: Sendable"), to: "Sources/T.swift")
        let fewer = baseline.applied(to: try LintEngine().lint(paths: [tree.root]))
        #expect(fewer.findings == [])
        #expect(fewer.fixedBaselineEntries.map(\.count) == [1])
        #expect(fewer.render(.text).contains("Sources/T.swift: note: baseline entry fixed (1 fewer) [unchecked-sendable-stored-closure]"))

        // A third copy exceeds the count and is reported.
        try tree.write(twice + "final class Third: @unchecked Sendable {\n    var a: () -> Void = {}\n}\n", to: "Sources/T.swift")
        #expect(baseline.applied(to: try LintEngine().lint(paths: [tree.root])).findings.count == 1)
    }

    @Test("the baseline round-trips through its file, with paths relative to the file's directory")
    func fileRoundTrip() throws {
        let tree = try ScratchTree(copying: "Planted")
        defer { tree.remove() }
        let report = try LintEngine().lint(paths: [tree.path("Sources")])
        try LintBaseline(recording: report.findings, root: tree.root).rendered
            .write(toFile: tree.path("baseline.json"), atomically: true, encoding: .utf8)
        let loaded = try LintBaseline.load(tree.path("baseline.json"))
        #expect(loaded.entries.allSatisfy { $0.file.hasPrefix("Sources/") })
        #expect(loaded.applied(to: report).findings == [])
        // The same files named by absolute paths (as the build plugin passes them) still match.
        let files = try LintEngine.swiftFiles(at: [tree.path("Sources")])
        #expect(loaded.applied(to: try LintEngine().lint(paths: files)).findings == [])
    }

    @Test("the command writes a baseline, then reports only new findings in text, JSON and SARIF")
    func command() async throws {
        let tree = try ScratchTree(copying: "Planted")
        defer { tree.remove() }
        let baseline = tree.path("isolation-baseline.json")
        #expect(await ProbeBinary.exitStatus(["lint", tree.root, "--write-baseline", baseline]) == 0)
        #expect(await ProbeBinary.exitStatus(["lint", tree.root, "--baseline", baseline]) == 0)

        let callbacks = "Sources/App/AppCallbacks.swift"
        try tree.write(try tree.read(callbacks) + "\nfinal class Fresh: @unchecked Sendable {\n    var onTick: () -> Void = {}\n}\n", to: callbacks)
        let text = try await ProbeBinary.run(["lint", tree.root, "--baseline", baseline])
        #expect(text.termination.shellStatus == 1)
        #expect(text.standardOutput.components(separatedBy: ": warning: ").count == 2, "\(text.standardOutput)")
        #expect(text.standardOutput.contains("AppCallbacks.swift:"))
        #expect(text.standardOutput.contains("in baseline)"))

        let json = try await ProbeBinary.run(["lint", tree.root, "--baseline", baseline, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect((object?["findings"] as? [Any])?.count == 1)
        #expect((object?["baselinedCount"] as? Int ?? 0) >= 14)

        let sarif = try await ProbeBinary.run(["lint", tree.root, "--baseline", baseline, "--format", "sarif"])
        let log = try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any]
        let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [Any])
        #expect(results?.count == 1)

        // A violation removed: reported as fixed on standard error for SARIF, exit 0.
        try tree.write(try tree.read(callbacks).replacingOccurrences(of: "Fresh: @unchecked Sendable", with: "Fresh: Sendable"), to: callbacks)
        try tree.write(try tree.read("Sources/Telemetry/Box.swift").replacingOccurrences(
            of: "public final class Box<T>: @unchecked Sendable", with: "public final class Box<T: Sendable>: @unchecked Sendable"),
            to: "Sources/Telemetry/Box.swift")
        let fixed = try await ProbeBinary.run(["lint", tree.root, "--baseline", baseline, "--format", "sarif"])
        #expect(fixed.standardError.contains("Sources/Telemetry/Box.swift: note: baseline entry fixed"), "\(fixed.standardError)")
    }

    @Test("a malformed baseline names the file and the problem, exit 2",
          arguments: [
            ("not json", "not valid JSON"),
            ("[]", "expected a JSON object"),
            (#"{"version": 2, "entries": []}"#, "\"version\" must be 1"),
            (#"{"version": 1, "entries": [{"rule": "no-such-rule", "file": "A.swift", "lineText": "", "count": 1}]}"#, "entries[0].rule"),
            (#"{"version": 1, "entries": [{"rule": "unchecked-box-of-closure", "file": "A.swift", "lineText": "", "count": 0}]}"#, "entries[0].count"),
            (#"{"version": 1, "entries": [{"rule": "unchecked-box-of-closure", "file": "A.swift", "line": 3, "lineText": "", "count": 1}]}"#, "unknown key \"line\""),
          ])
    func malformed(contents: String, problem: String) async throws {
        let tree = try ScratchTree(copying: "Clean")
        defer { tree.remove() }
        try contents.write(toFile: tree.path("bad-baseline.json"), atomically: true, encoding: .utf8)
        let run = try await ProbeBinary.run(["lint", tree.root, "--baseline", tree.path("bad-baseline.json")])
        #expect(run.termination.shellStatus == 2)
        #expect(run.standardError.contains("baseline \(tree.path("bad-baseline.json")):"), "\(run.standardError)")
        #expect(run.standardError.contains(problem), "\(run.standardError)")
    }
}

@Suite("lint --fix")
struct LintFixTests {
    @Test("fixes mark each function type @Sendable once, alias included, and leave only findings without a fix")
    func mixed() throws {
        let tree = try ScratchTree(copying: "Fix/Mixed")
        defer { tree.remove() }
        let before = try LintEngine().lint(paths: [tree.root])
        let result = try LintFixer(engine: LintEngine()).fix(paths: [tree.root])
        let file = tree.path("Handlers.swift")
        let original = try tree.read("Handlers.swift")
        let fixed = try #require(result.fixedTexts[file])

        // The alias is edited once although two members use it.
        #expect(fixed.contains("typealias Completion = @Sendable (Result<Int, any Error>) -> Void"))
        #expect(fixed.components(separatedBy: "@Sendable (Result").count == 2)
        #expect(fixed.contains("var onProgress: (@Sendable (Double) -> Void)?  // a comment that must survive"))
        #expect(fixed.contains("var pair: (start: @Sendable () -> Void, stop: @Sendable () -> Void) = ({}, {})"))
        #expect(fixed.contains("        @Sendable (Int32) -> Void\n"))
        #expect(fixed.contains("static let onStart = LockedBox<@Sendable () -> Void>({})"))
        #expect(fixed.contains("var alreadySafe: @Sendable () -> Void = {}"))
        // Nothing but the insertions changed: layout and comments are intact.
        #expect(fixed.replacingOccurrences(of: "@Sendable ", with: "") == original.replacingOccurrences(of: "@Sendable ", with: ""))
        #expect(result.changes.map(\.line) == [4, 8, 11, 11, 30, 32])
        #expect(result.changes.first?.rules == [.uncheckedSendableStoredClosure])

        // (a) What was fixed is no longer reported; what had no fix is.
        let fixedRules = Set(result.changes.flatMap(\.rules))
        #expect(fixedRules == [.uncheckedSendableStoredClosure, .uncheckedBoxOfClosure])
        let left = result.report.findings.map { "\($0.line) \($0.rule.rawValue)" }
        #expect(left == ["14 unchecked-sendable-stored-closure", "17 unchecked-sendable-generic-box"])
        #expect(before.findings.count > left.count)
        // Writing the files and linting again agrees.
        try fixed.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try LintEngine().lint(paths: [tree.root]).findings == result.report.findings.map { finding in
            var same = finding
            same.file = file
            return same
        })
    }

    @Test("(c) code that is already clean is byte-identical after --fix")
    func cleanUnchanged() async throws {
        let tree = try ScratchTree(copying: "Clean")
        defer { tree.remove() }
        let before = try tree.snapshot()
        let result = try LintFixer(engine: LintEngine()).fix(paths: [tree.root])
        #expect(result.changes == [] && result.fixedTexts.isEmpty)
        let run = try await ProbeBinary.run(["lint", tree.root, "--fix"])
        #expect(run.termination.shellStatus == 0)
        #expect(try tree.snapshot() == before)
        #expect(!run.standardOutput.contains("fixed ["))
    }

    @Test("--fix --dry-run prints a unified diff and writes nothing; --fix writes and prints each change")
    func dryRunThenFix() async throws {
        let tree = try ScratchTree(copying: "Fix/Seed")
        defer { tree.remove() }
        let before = try tree.snapshot()
        let dry = try await ProbeBinary.run(["lint", tree.root, "--fix", "--dry-run"])
        #expect(try tree.snapshot() == before)
        let logging = tree.path("Logging.swift")
        #expect(dry.standardOutput.hasPrefix("--- \(logging)\n+++ \(logging)\n@@ -9,7 +9,7 @@\n"), "\(dry.standardOutput)")
        #expect(dry.standardOutput.contains("\n-    typealias LoggingSink = (String) -> Void\n+    typealias LoggingSink = @Sendable (String) -> Void\n"))
        #expect(dry.standardError.contains("\(logging):12: fixed [unchecked-box-of-closure]"))
        // The box itself has no mechanical fix and stays reported.
        #expect(dry.standardError.contains("[unchecked-sendable-generic-box]"))
        #expect(dry.termination.shellStatus == 1)

        let fix = try await ProbeBinary.run(["lint", tree.root, "--fix"])
        #expect(fix.standardOutput.hasPrefix("\(logging):12: fixed [unchecked-box-of-closure]\n"), "\(fix.standardOutput)")
        #expect(try tree.read("Logging.swift").contains("typealias LoggingSink = @Sendable (String) -> Void"))
        let again = try await ProbeBinary.run(["lint", tree.root, "--format", "json"])
        #expect(!again.standardOutput.contains("unchecked-box-of-closure"))
    }

    @Test("(b) the seed's Logging.sink, fixed, makes the host's main-actor closure a compile error")
    func seedFixedIsCompileError() async throws {
        let tree = try ScratchTree(copying: "Fix/Seed")
        defer { tree.remove() }
        func typecheck() async throws -> (status: Int32, output: String) {
            let run = try await ChildProcess.run(
                executable: "swiftc",
                arguments: ["-swift-version", "6", "-parse-as-library", "-typecheck",
                            tree.path("Logging.swift"), tree.path("Host.swift")],
                limits: .init(timeout: .seconds(300), maxOutputBytes: 1 << 20))
            return (run.termination.shellStatus, run.standardOutput + run.standardError)
        }
        let before = try await typecheck()
        #expect(before.status == 0, "the seed compiles silently before the fix: \(before.output)")
        #expect(await ProbeBinary.exitStatus(["lint", tree.root, "--fix"]) == 1)
        let after = try await typecheck()
        #expect(after.status != 0)
        #expect(after.output.contains("Host.swift:9:"), "\(after.output)")
        #expect(after.output.contains("main actor-isolated property 'lastMessage'"), "\(after.output)")
    }
}

@Suite("lint configuration")
struct LintConfigurationTests {
    static let teamCode = """
        import Foundation

        /// The team's Mutex backport: takes and returns `sending`, but the
        /// linter cannot see that through the lock it wraps.
        public final class Locked<Value>: @unchecked Sendable {
            private let lock = NSLock()
            private var value: Value
            public init(_ value: Value) { self.value = value }
            public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
                lock.lock(); defer { lock.unlock() }
                return try body(&value)
            }
        }

        final class Settings: @unchecked Sendable {
            let onChange = Locked<() -> Void>({})
            var callback: () -> Void = {}
            let external = ExternalBox<(Int) -> Void>({ _ in })
        }
        """

    @Test("the file is found from the linted path upward; globs, severities, safe wrappers and unsafe boxes apply")
    func discovered() throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        try tree.write(Self.teamCode, to: "Sources/Team/Team.swift")
        try tree.write("final class G: @unchecked Sendable { var f: () -> Void = {} }\n", to: "Sources/Team/Generated/G.swift")
        let without = try LintEngine().lint(paths: [tree.path("Sources/Team")])
        #expect(Set(without.findings.map(\.rule)) == [.uncheckedSendableGenericBox, .uncheckedBoxOfClosure, .uncheckedSendableStoredClosure])

        try tree.write("""
            {
              "excluded": ["Sources/**/Generated"],
              "rules": { "unchecked-sendable-stored-closure": "error" },
              "safeWrappers": ["Locked"],
              "unsafeBoxes": ["ExternalBox"]
            }
            """, to: ".isolation-probe.json")
        let configuration = try #require(try LintConfiguration.discover(for: [tree.path("Sources/Team")]))
        #expect(configuration.file == tree.path(".isolation-probe.json"))
        let with = try LintEngine(configuration: configuration).lint(paths: [tree.path("Sources/Team")])
        #expect(with.filesScanned == 1)
        #expect(with.findings.map { "\($0.line) \($0.rule.rawValue) \($0.severity.rawValue)" } == [
            "17 unchecked-sendable-stored-closure error",
            "18 unchecked-box-of-closure warning",
        ])
        #expect(with.render(.text).contains("Team.swift:17:9: error: "))

        // `included` narrows what is linted; `excluded` still applies inside it.
        var narrowed = configuration
        narrowed.excluded = []
        narrowed.included = ["Sources/Team/*.swift"]
        #expect(try LintEngine(configuration: narrowed).lint(paths: [tree.path("Sources")]).filesScanned == 1)
        narrowed.included = ["Sources/Team/Generated"]
        #expect(try LintEngine(configuration: narrowed).lint(paths: [tree.path("Sources")]).findings.map(\.line) == [1])
        narrowed.excluded = ["**/G.swift"]
        #expect(throws: LintEngine.Failure.self) {
            try LintEngine(configuration: narrowed).lint(paths: [tree.path("Sources")])
        }

        // Absolute file paths, as the build plugin passes them, find it too.
        let files = try LintEngine.swiftFiles(at: [tree.path("Sources")])
        #expect(try LintConfiguration.discover(for: files)?.file == tree.path(".isolation-probe.json"))
    }

    @Test("command-line flags override the file; the build plugin's --stamp fails only on errors")
    func overrides() async throws {
        let tree = try ScratchTree()
        defer { tree.remove() }
        try tree.write(Self.teamCode, to: "Sources/Team/Team.swift")
        try tree.write(#"{ "rules": { "unchecked-sendable-generic-box": "off", "unchecked-box-of-closure": "off" } }"#, to: ".isolation-probe.json")
        let stamp = tree.path("stamp.swift")
        let file = tree.path("Sources/Team/Team.swift")
        #expect(await ProbeBinary.exitStatus(["lint", file, "--stamp", stamp]) == 0)
        let off = try await ProbeBinary.run(["lint", file, "--rule", "unchecked-sendable-stored-closure=off"])
        #expect(off.termination.shellStatus == 0, "\(off.standardOutput)")
        let error = try await ProbeBinary.run(["lint", file, "--rule", "unchecked-sendable-stored-closure=error", "--stamp", stamp])
        #expect(error.termination.shellStatus == 1)
        #expect(error.standardOutput.contains(": error: "))
        // Everything excluded leaves nothing to lint: bad usage.
        #expect(await ProbeBinary.exitStatus(["lint", tree.root, "--exclude", "**/*.swift"]) == 2)
    }

    @Test("unknown keys and bad values name the file and the key, exit 2",
          arguments: [
            (#"{ "exclude": [] }"#, "unknown key \"exclude\""),
            (#"{ "excluded": "Sources" }"#, "key \"excluded\" must be an array of strings"),
            (#"{ "rules": { "unchecked-box-of-closure": "fatal" } }"#, "\"rules.unchecked-box-of-closure\" must be \"off\", \"warning\" or \"error\""),
            (#"{ "rules": { "no-such-rule": "off" } }"#, "unknown rule \"no-such-rule\""),
            (#"{ "baseline": 3 }"#, "key \"baseline\" must be a file path"),
            ("{", "not valid JSON"),
          ])
    func invalid(contents: String, problem: String) async throws {
        let tree = try ScratchTree(copying: "Clean")
        defer { tree.remove() }
        try contents.write(toFile: tree.path(".isolation-probe.json"), atomically: true, encoding: .utf8)
        let run = try await ProbeBinary.run(["lint", tree.root])
        #expect(run.termination.shellStatus == 2)
        #expect(run.standardError.contains("\(tree.path(".isolation-probe.json")): "), "\(run.standardError)")
        #expect(run.standardError.contains(problem), "\(run.standardError)")
    }

    @Test("globs: * and ? stay in one component, ** spans any number, a match on a directory covers its files")
    func globs() {
        #expect(Glob.matches("Sources/*.swift", pathOrAncestor: "Sources/A.swift"))
        #expect(!Glob.matches("Sources/*.swift", pathOrAncestor: "Sources/App/A.swift"))
        #expect(Glob.matches("Sources/**/*.swift", pathOrAncestor: "Sources/App/Deep/A.swift"))
        #expect(Glob.matches("Sources/**/*.swift", pathOrAncestor: "Sources/A.swift"))
        #expect(Glob.matches("**/Generated", pathOrAncestor: "Sources/App/Generated/A.swift"))
        #expect(Glob.matches("Tests", pathOrAncestor: "Tests/X/Y.swift"))
        #expect(!Glob.matches("Tests", pathOrAncestor: "Sources/Tests.swift"))
        #expect(Glob.matches("?.swift", pathOrAncestor: "A.swift") && !Glob.matches("?.swift", pathOrAncestor: "AB.swift"))
    }
}
