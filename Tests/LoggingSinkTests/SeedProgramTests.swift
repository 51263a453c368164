import CompileFixtures
import Foundation
import Testing
import TestSupport

/// The run-time half: the seed's program, ported to LoggingSink, built with
/// `-enable-actor-data-race-checks` (which makes the original trap), runs
/// clean. The original @unchecked box, built the same way, is the control.
@Suite("The seed's program with actor data-race checks on", .serialized, .tags(.slow), .skippedInFastTier)
struct SeedProgramTests {
    @Test("ported to LoggingSink, it runs clean")
    func portedProgramRunsClean() throws {
        let run = try SeedProgram.buildAndRun("seed_ported_to_logging_sink.swift")
        #expect(run.status == 0 && run.reason == .exit, "\(run.output)")
        #expect(run.output.contains("host got: hello"))
        #expect(run.output.contains("clean exit"))
    }

    @Test("control: the seed's @unchecked Sendable box traps under the same flags")
    func uncheckedBoxTraps() throws {
        let run = try SeedProgram.buildAndRun("seed_unchecked_box_control.swift")
        #expect(run.reason == .uncaughtSignal && run.status == SIGILL, "\(run.reason) \(run.status): \(run.output)")
        #expect(!run.output.contains("clean exit"))
    }
}

enum SeedProgram {
    typealias Run = FixtureCompiler.Run

    struct BuildFailed: Error, CustomStringConvertible {
        let output: String
        var description: String { "swiftc failed:\n\(output)" }
    }

    /// Builds `Fixtures/Programs/<name>` into an executable linked against
    /// the objects `swift build` produced for LoggingSink and its
    /// dependencies, with actor data-race checks enabled, and runs it.
    static func buildAndRun(_ name: String) throws -> Run {
        let compiler = try FixtureCompiler()
        let buildDirectory = compiler.modulesDirectory.deletingLastPathComponent()
        let source = fixtureDirectory.appendingPathComponent("Programs/\(name)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("seed-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let executable = work.appendingPathComponent("program")

        var objects: [String] = []
        for target in ["LoggingSink", "SafeBox", "CPThreadShim", "CLoggingSinkSupport"] {
            let folder = buildDirectory.appendingPathComponent("\(target).build")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            objects += files.filter { $0.hasSuffix(".o") }.map { folder.appendingPathComponent($0).path }
        }
        var arguments = [
            "-swift-version", "6", "-parse-as-library", "-enable-actor-data-race-checks",
            "-I", compiler.modulesDirectory.path,
        ]
        for include in compiler.includeDirectories { arguments += ["-I", include.path] }
        arguments += loggingSinkIncludes
        // Under `swift test --sanitize=…` the objects are instrumented, so
        // the program must link the same sanitizer runtime.
        if dlsym(nil, "__tsan_init") != nil { arguments.append("-sanitize=thread") }
        if dlsym(nil, "__asan_init") != nil { arguments.append("-sanitize=address") }
        arguments += [source.path] + objects + ["-o", executable.path]
        let build = try FixtureCompiler.launch(compiler.swiftc, arguments, in: work)
        guard build.status == 0 else { throw BuildFailed(output: build.output) }
        return try FixtureCompiler.launch(executable, [], in: work, environment: ["SWIFT_BACKTRACE": "enable=no"])
    }
}
