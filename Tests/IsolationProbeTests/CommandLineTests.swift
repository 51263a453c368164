import Foundation
import Testing

import ProbeProcess

@Suite("Command line and exit statuses", .serialized)
struct CommandLineTests {
    @Test("an unknown case id is a usage error: exit status 2")
    func unknownCase() async {
        #expect(await ProbeBinary.exitStatus(["run", "no-such-case", "--quiet"]) == 2)
        #expect(await ProbeBinary.exitStatus(["explain", "no-such-case"]) == 2)
    }

    @Test("a usage error found after parsing shows the subcommand's usage, not the root's")
    func unknownCaseShowsSubcommandUsage() async throws {
        for command in ["explain", "run", "matrix"] {
            // explain compiles nothing, so it has no --quiet.
            let arguments = command == "explain" ? [command, "no-such-case"] : [command, "no-such-case", "--quiet"]
            let result = try await ProbeBinary.run(arguments)
            #expect(result.termination.shellStatus == 2)
            #expect(result.standardError.contains("Usage: isolation-probe \(command) "), "\(command): \(result.standardError)")
            #expect(result.standardError.contains("See 'isolation-probe \(command) --help'"), "\(command): \(result.standardError)")
        }
    }

    @Test("commands that write no SARIF neither offer nor accept it")
    func sarifOnlyWhereWritten() async throws {
        for command in ["run", "list", "explain", "matrix", "triage"] {
            let help = try await ProbeBinary.run(["help", command])
            #expect(help.termination.shellStatus == 0)
            #expect(help.standardOutput.contains("--format"), "\(command)")
            #expect(!help.standardOutput.contains("sarif"), "\(command) offers sarif:\n\(help.standardOutput)")
            #expect(await ProbeBinary.exitStatus([command, "--format", "sarif"]) == 2, "\(command)")
        }
        for command in ["lint", "detect"] {
            let help = try await ProbeBinary.run(["help", command])
            #expect(help.standardOutput.contains("sarif"), "\(command)")
        }
    }

    @Test("help lint fits 80 columns: each rule on its own line, its summary indented below it")
    func lintHelpAt80Columns() async throws {
        let help = try await ProbeBinary.run(["help", "lint"], environment: ["COLUMNS": "80"])
        let lines = help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        let rules = ["unchecked-sendable-stored-closure", "unchecked-sendable-generic-box", "nonisolated-unsafe-mutable-closure",
                     "unchecked-box-of-closure", "assume-isolated-in-sendable-closure"]
        for rule in rules {
            let row = lines.firstIndex(of: "  \(rule)")
            #expect(row != nil, "no line of its own for \(rule):\n\(help.standardOutput)")
            if let row { #expect(lines[row + 1].hasPrefix("      "), "\(rule)'s summary is not indented below it") }
        }
    }

    @Test("an unknown flag or configuration is a usage error: exit status 2")
    func badFlags() async {
        #expect(await ProbeBinary.exitStatus(["run", "--no-such-flag"]) == 2)
        #expect(await ProbeBinary.exitStatus(["run", "--configuration", "7", "--quiet"]) == 2)
        #expect(await ProbeBinary.exitStatus(["run", "--jobs", "0", "--quiet"]) == 2)
        #expect(await ProbeBinary.exitStatus(["list", "--cases-dir", "/nonexistent/cases"]) == 2)
    }

    @Test("isolation-lint names itself in its help and usage errors, with lint's exit statuses")
    func lintToolNamesItself() async throws {
        let tool = ProbeBinary.sibling("isolation-lint")
        let limits = ChildProcess.Limits(timeout: .seconds(120), maxOutputBytes: 1 << 20)
        let help = try await ChildProcess.run(executable: tool, arguments: ["--help"], limits: limits)
        #expect(help.termination.shellStatus == 0)
        #expect(help.standardOutput.contains("USAGE: isolation-lint [<paths> ...]"))
        let misuse = try await ChildProcess.run(executable: tool, arguments: ["--no-such-flag"], limits: limits)
        #expect(misuse.termination.shellStatus == 2)
        #expect(misuse.standardError.contains("Usage: isolation-lint "))
        #expect(misuse.standardError.contains("See 'isolation-lint --help'"))
    }

    @Test("list and explain succeed without compiling anything")
    func listAndExplain() async {
        #expect(await ProbeBinary.exitStatus(["list"]) == 0)
        #expect(await ProbeBinary.exitStatus(["explain", "8b"]) == 0)
    }

    @Test("list: every case's full name, then at least two spaces before its configuration")
    func listColumns() async throws {
        let result = try await ProbeBinary.run(["list", "--format", "json"])
        let manifests = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let text = try await ProbeBinary.run(["list"]).standardOutput
        let lines = text.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.count == manifests.count)
        for (line, manifest) in zip(lines, manifests) {
            let name = "\(manifest["catalog"] ?? "") \(manifest["id"] ?? "")"
            #expect(line.hasPrefix(name + "  "), "\(line)")
        }
    }

    @Test("exit status is 1 when an observation contradicts its expectation, 0 when all match")
    func mismatchExitStatus() async throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        // This program exits cleanly, but the manifest claims it traps.
        try temporary.add(folder: "01-wrong", id: "wrong", catalog: "1", expect: ["6": "isolation-trap"],
                          program: TestPrograms.exitsCleanly)
        try temporary.add(folder: "02-right", id: "right", catalog: "2", expect: ["6": "clean"],
                          program: TestPrograms.exitsCleanly)
        let common = ["--cases-dir", temporary.directory.path, "--cache-dir", temporary.cacheDirectory.path, "--quiet"]
        #expect(await ProbeBinary.exitStatus(["run", "wrong"] + common) == 1)
        #expect(await ProbeBinary.exitStatus(["run", "right"] + common) == 0)
        #expect(await ProbeBinary.exitStatus(common) == 1, "the default summary fails as run does")
    }

    @Test("with no command: a one-screen summary and what to run next; --verbose and run give the full report")
    func defaultSummary() async throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        try temporary.add(folder: "01-wrong", id: "wrong", catalog: "1", expect: ["6": "isolation-trap"],
                          program: TestPrograms.exitsCleanly)
        try temporary.add(folder: "02-right", id: "right", catalog: "2", expect: ["6": "clean"],
                          program: TestPrograms.exitsCleanly)
        let common = ["--cases-dir", temporary.directory.path, "--cache-dir", temporary.cacheDirectory.path, "--quiet"]
        let summary = try await ProbeBinary.run(common)
        #expect(summary.termination.shellStatus == 1)
        #expect(summary.standardOutput.contains("  clean (2)           1! 2\n"), "\(summary.standardOutput)")
        #expect(summary.standardOutput.contains("summary: 2 observation(s): 1 as expected, 1 not as expected"))
        #expect(summary.standardOutput.contains("  not as expected: wrong [6]: expected isolation-trap, observed clean"))
        #expect(summary.standardOutput.contains("  isolation-probe run wrong "))
        #expect(!summary.standardOutput.contains("expected  isolation-trap"), "the summary carries no per-case blocks")
        for full in [common + ["--verbose"], ["run"] + common] {
            let report = try await ProbeBinary.run(full)
            #expect(report.termination.shellStatus == 1)
            #expect(report.standardOutput.contains("FAIL 1 wrong [6: -swift-version 6]"), "\(full): \(report.standardOutput)")
            #expect(report.standardOutput.contains("     expected  isolation-trap"))
            #expect(!report.standardOutput.contains("next:"))
        }
    }
}
