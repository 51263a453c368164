import Foundation
import Testing
@testable import IsolationCatalog
@testable import ProbeProcess

/// The probe must survive whatever a case does: each bad behaviour is
/// reported as an outcome, never fatal to the probe.
@Suite("Running misbehaving children", .serialized)
struct ChildIsolationTests {
    @Test("a deliberately hanging case is killed and reported as timeout")
    func hangingCase() async throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        try temporary.add(folder: "01-hang", id: "hang", catalog: "1", expect: ["6": "timeout"],
                          timeoutSeconds: 2, program: TestPrograms.hangs)
        let probeCase = try #require(try temporary.load().cases.first)
        let observation = try await temporary.engine().observe(probeCase, in: BuildConfiguration(id: "6")!)
        #expect(observation.outcome == .timeout)
        #expect(observation.matches == true)
        #expect(observation.evidence.contains { $0.contains("time limit") })
    }

    @Test("a case that floods its output is killed and reported as flood")
    func floodingCase() async throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        try temporary.add(folder: "01-flood", id: "flood", catalog: "1", expect: ["6": "flood"],
                          program: TestPrograms.floods)
        let probeCase = try #require(try temporary.load().cases.first)
        let observation = try await temporary.engine(maxOutputBytes: 64 << 10)
            .observe(probeCase, in: BuildConfiguration(id: "6")!)
        #expect(observation.outcome == .flood)
    }

    @Test("a crash unrelated to isolation is an other-trap, with no offender")
    func nonIsolationTrap() async throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        try temporary.add(folder: "01-nil", id: "unwraps-nil", catalog: "1", expect: ["6": "other-trap"],
                          program: TestPrograms.unwrapsNil)
        let probeCase = try #require(try temporary.load().cases.first)
        let observation = try await temporary.engine().observe(probeCase, in: BuildConfiguration(id: "6")!)
        #expect(observation.outcome == .otherTrap)
        #expect(observation.offender == nil)
        #expect(observation.evidence.first == "signal 4 (SIGILL)")
    }

    @Test("a compile error is reported with the diagnostic, and the result is cached")
    func compileErrorAndCache() async throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        try temporary.add(folder: "01-bad", id: "bad", catalog: "1", expect: ["6": "compile-error"],
                          program: TestPrograms.doesNotCompile)
        let probeCase = try #require(try temporary.load().cases.first)
        let first = try await temporary.engine().observe(probeCase, in: BuildConfiguration(id: "6")!)
        #expect(first.outcome == .compileError)
        #expect(first.errors.first?.contains("Program.swift:2:") == true)
        #expect(first.compileCached == false)
        let second = try await temporary.engine().observe(probeCase, in: BuildConfiguration(id: "6")!)
        #expect(second.compileCached)
        #expect(second.errors == first.errors)
    }

    @Test("probe-note lines are quoted and a clean exit is clean")
    func notes() async throws {
        let temporary = try TemporaryCatalog()
        defer { temporary.remove() }
        try temporary.add(folder: "01-ok", id: "ok", catalog: "1", expect: ["6": "clean"],
                          program: TestPrograms.exitsCleanly)
        let probeCase = try #require(try temporary.load().cases.first)
        let observation = try await temporary.engine().observe(probeCase, in: BuildConfiguration(id: "6")!)
        #expect(observation.outcome == .clean)
        #expect(observation.notes == ["all good"])
    }
}
