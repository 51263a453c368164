import Foundation
import Synchronization
import Testing
@testable import IsolationCatalog
@testable import ProbeProcess

/// The compile cache keeps only the compiler's verdicts, notices damage and
/// stays consistent under concurrent probes. A stand-in `swiftc` (a shell
/// script) plays each way a compiler ends, so these tests run no compiler.
@Suite("Compile cache")
struct CompileCacheTests {
    /// A stand-in compiler: answers `--version` like every other stand-in
    /// (so they share cache keys) and otherwise runs `body` with `$out` set
    /// to the path after `-o` and `$source` to the first `.swift` argument.
    static func standInCompiler(in directory: URL, named name: String, _ body: String) throws -> String {
        let script = """
            #!/bin/sh
            if [ "$1" = "--version" ]; then echo "stand-in swiftc 1.0"; exit 0; fi
            out=""; source=""; previous=""
            for argument in "$@"; do
                if [ "$previous" = "-o" ]; then out="$argument"; fi
                case "$argument" in *.swift) [ -z "$source" ] && source="$argument";; esac
                previous="$argument"
            done
            \(body)
            """
        let url = directory.appendingPathComponent(name)
        // Written by a child process: a file this process held open for
        // writing could be inherited by a child another test forks at that
        // moment, and executing it would then fail with ETXTBSY.
        let text = directory.appendingPathComponent(name + ".txt")
        try Data(script.utf8).write(to: text)
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        install.arguments = ["-m", "755", text.path, url.path]
        try install.run()
        install.waitUntilExit()
        try #require(install.terminationStatus == 0, "install could not write \(url.path)")
        return url.path
    }

    /// Links a "program" that prints a note and exits 0.
    static let links = #"printf '#!/bin/sh\necho "probe-note: ran"\n' > "$out"; chmod +x "$out"; exit 0"#

    struct Setup {
        let temporary: TemporaryCatalog
        let probeCase: ProbeCase

        init() throws {
            temporary = try TemporaryCatalog()
            try temporary.add(folder: "01-x", id: "x", catalog: "test", expect: ["6": "clean"], program: TestPrograms.exitsCleanly)
            probeCase = try #require(try temporary.load().resolve(["x"]).first)
        }

        func compiler(_ body: String, named name: String, useCache: Bool = true, notes: NoteLog = NoteLog()) throws -> CaseCompiler {
            let swiftc = try standInCompiler(in: temporary.directory.deletingLastPathComponent(), named: name, body)
            let toolchain = Toolchain(swiftc: swiftc, clang: "clang", cacheDirectory: temporary.cacheDirectory)
            return CaseCompiler(toolchain: toolchain, libraries: LibraryBuilder(toolchain: toolchain), useCache: useCache) { note in
                notes.append(note)
            }
        }

        var configuration: BuildConfiguration { BuildConfiguration(id: "6")! }

        /// Published entries: the cache's folders other than staging and the module cache.
        func entries() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary.cacheDirectory.path)
                .filter { $0.hasPrefix("x-6-") }
        }
    }

    final class NoteLog: Sendable {
        private let notes = Mutex<[String]>([])
        func append(_ note: String) { notes.withLock { $0.append(note) } }
        var all: [String] { notes.withLock { $0 } }
    }

    @Test("a compiler killed by a signal is reported, not cached as compile-error; the next run compiles")
    func killedCompilerIsNotCached() async throws {
        let setup = try Setup()
        defer { setup.temporary.remove() }
        let killed = try setup.compiler("kill -KILL $$", named: "killed")
        await #expect {
            _ = try await killed.compile(setup.probeCase, in: setup.configuration)
        } throws: { error in
            "\(error)".contains("was killed by signal 9") && "\(error)".contains("nothing was cached")
        }
        #expect(try setup.entries().isEmpty)
        let result = try await setup.compiler(Self.links, named: "links").compile(setup.probeCase, in: setup.configuration)
        #expect(result.succeeded)
        #expect(!result.cached)
    }

    @Test("an output the compiler cannot write is an environment failure, never compile-error")
    func unwritableOutputIsNotCompileError() async throws {
        let setup = try Setup()
        defer { setup.temporary.remove() }
        let readOnly = try setup.compiler(
            #"echo "<unknown>:0: error: unable to open output file '$out': 'Read-only file system'" >&2; exit 1"#,
            named: "read-only")
        await #expect {
            _ = try await readOnly.compile(setup.probeCase, in: setup.configuration)
        } throws: { error in
            "\(error)".contains("Read-only file system")
        }
        #expect(try setup.entries().isEmpty)
    }

    @Test("errors at lines of the code are the case's compile-error, cached")
    func errorsInTheCodeAreCached() async throws {
        let setup = try Setup()
        defer { setup.temporary.remove() }
        let rejects = try setup.compiler(#"echo "$source:1:5: error: cannot convert value" >&2; exit 1"#, named: "rejects")
        let first = try await rejects.compile(setup.probeCase, in: setup.configuration)
        #expect(!first.succeeded && !first.cached)
        #expect(first.errors == ["Program.swift:1:5: error: cannot convert value"])
        let second = try await rejects.compile(setup.probeCase, in: setup.configuration)
        #expect(!second.succeeded && second.cached)
    }

    @Test("a compiler that exits 0 with an empty program is reported, not cached")
    func emptyProgramIsNotCached() async throws {
        let setup = try Setup()
        defer { setup.temporary.remove() }
        let empty = try setup.compiler(#": > "$out"; chmod +x "$out"; exit 0"#, named: "empty")
        await #expect {
            _ = try await empty.compile(setup.probeCase, in: setup.configuration)
        } throws: { error in
            "\(error)".contains("is empty")
        }
        #expect(try setup.entries().isEmpty)
    }

    @Test("an emptied cached program is named as damaged and rebuilt")
    func damagedEntryIsRebuilt() async throws {
        let setup = try Setup()
        defer { setup.temporary.remove() }
        let notes = NoteLog()
        let compiler = try setup.compiler(Self.links, named: "links", notes: notes)
        let first = try await compiler.compile(setup.probeCase, in: setup.configuration)
        let program = try #require(first.executable)
        try Data().write(to: program)
        let second = try await compiler.compile(setup.probeCase, in: setup.configuration)
        #expect(!second.cached)
        #expect(CompileCacheEntry.programProblem(at: try #require(second.executable)) == nil)
        #expect(notes.all.contains { $0.contains("is damaged (the program is empty)") && $0.contains(try! setup.entries()[0]) })
        let third = try await compiler.compile(setup.probeCase, in: setup.configuration)
        #expect(third.cached)
    }

    @Test("staging folders of a killed probe are swept; a live probe's are kept")
    func staleStagingFoldersAreSwept() throws {
        let setup = try Setup()
        defer { setup.temporary.remove() }
        let cache = setup.temporary.cacheDirectory
        let live = try StagingFolder(in: cache)
        // A dead owner's folder: its owner file exists but nobody holds the lock.
        let dead = cache.appendingPathComponent("tmp-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dead, withIntermediateDirectories: true)
        try Data().write(to: dead.appendingPathComponent(".owner"))
        let removed = StagingFolder.sweep(cache)
        #expect(removed == [dead.lastPathComponent])
        #expect(FileManager.default.fileExists(atPath: live.url.path))
    }

    @Test("a --no-cache build never replaces the published entry another probe may be running")
    func noCacheLeavesPublishedEntryInPlace() async throws {
        let setup = try Setup()
        defer { setup.temporary.remove() }
        let cached = try await setup.compiler(Self.links, named: "links").compile(setup.probeCase, in: setup.configuration)
        let program = try #require(cached.executable)
        let before = try FileManager.default.attributesOfItem(atPath: program.path)[.systemFileNumber] as? UInt64
        let uncached = try setup.compiler(Self.links, named: "links-again", useCache: false)
        let rebuilt = try await uncached.compile(setup.probeCase, in: setup.configuration)
        let after = try FileManager.default.attributesOfItem(atPath: program.path)[.systemFileNumber] as? UInt64
        #expect(before == after)
        #expect(rebuilt.executable != program)
        #expect(rebuilt.executable.map { CompileCacheEntry.programProblem(at: $0) == nil } == true)
    }

    @Test("several probes at once on one cache, cached and --no-cache, all run their case", .timeLimit(.minutes(5)))
    func concurrentProbesOnOneCache() async throws {
        let setup = try Setup()
        defer { setup.temporary.remove() }
        // Each compile takes a moment, so the probes' builds overlap.
        let swiftc = try Self.standInCompiler(
            in: setup.temporary.directory.deletingLastPathComponent(), named: "slow-links", "sleep 0.2; " + Self.links)
        for round in 0..<3 {
            let outcomes = try await withThrowingTaskGroup(of: ChildProcess.Result.self) { group in
                for index in 0..<4 {
                    var arguments = ["run", "x", "--cases-dir", setup.temporary.directory.path,
                                     "--cache-dir", setup.temporary.cacheDirectory.path, "--quiet"]
                    if index % 2 == 0 { arguments.append("--no-cache") }
                    group.addTask {
                        try await ProbeBinary.run(arguments, environment: ["ISOLATION_PROBE_SWIFTC": swiftc])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for outcome in outcomes {
                #expect(outcome.termination == .exited(0), "round \(round): \(outcome.standardOutput)\(outcome.standardError)")
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: setup.temporary.cacheDirectory.path)
            .filter { $0.hasPrefix("tmp-") }
        #expect(leftovers.isEmpty)
    }
}

/// A cache folder copied to another path (`cp -a`, a CI cache restored
/// elsewhere) carries a clang module cache that records its old path; the
/// real compiler refuses it, so the probe must notice and rebuild it.
@Suite("A cache that moved", .tags(.slow), .skippedInFastTier)
struct MovedCacheTests {
    @Test("a cache holding case 1, copied with cp -a, compiles case 2 in the copy: the module cache is rebuilt once, with a note")
    func copiedCacheCompilesNewCases() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("moved-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let original = base.appendingPathComponent("original").path
        let copy = base.appendingPathComponent("copy").path
        let first = try await ProbeBinary.run(["run", "1", "--cache-dir", original, "--quiet"])
        try #require(first.termination.shellStatus == 0, "\(first.standardOutput)\(first.standardError)")
        let copying = try await ChildProcess.run(executable: "/bin/cp", arguments: ["-a", original, copy], limits: .init(timeout: .seconds(120), maxOutputBytes: 1 << 20))
        try #require(copying.termination == .exited(0), "\(copying.standardError)")

        let moved = try await ProbeBinary.run(["run", "2", "--cache-dir", copy])
        #expect(moved.termination.shellStatus == 0, "\(moved.standardOutput)\(moved.standardError)")
        #expect(moved.standardError.contains("(compiled)"), "case 2 was not compiled in the copy: \(moved.standardError)")
        let notes = moved.standardError.split(separator: "\n").filter { $0.contains("module cache") }
        #expect(notes.count == 1 && notes[0].contains(copy), "one note naming the copy's module cache: \(moved.standardError)")

        let again = try await ProbeBinary.run(["run", "2", "--cache-dir", copy])
        #expect(again.termination.shellStatus == 0, "\(again.standardOutput)\(again.standardError)")
        #expect(!again.standardError.contains("module cache"), "rebuilt again: \(again.standardError)")
    }
}
