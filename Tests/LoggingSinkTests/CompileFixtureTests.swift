import CompileFixtures
import Foundation
import Testing
import TestSupport

extension Fixture: CustomTestStringConvertible {
    public var testDescription: String { name }
}

let fixtureDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// LoggingSink's C support module, which clients of LoggingSink load.
let loggingSinkIncludes = [
    "-I", FixtureCompiler.packageRoot().appendingPathComponent("Sources/CLoggingSinkSupport/include").path,
]

/// The compile-time half of the seed's fix: what a host may and may not
/// install as a sink, checked against the built LoggingSink module.
@Suite("LoggingSink compile-time guarantees", .tags(.slow), .skippedInFastTier)
struct CompileFixtureTests {
    @Test("fixture verdict", arguments: try Fixture.all(in: fixtureDirectory))
    func fixtureVerdict(_ fixture: Fixture) throws {
        let verdict = try FixtureCompiler().compile(fixture.source, named: fixture.name, extraArguments: loggingSinkIncludes)
        let problems = fixture.mismatches(in: verdict)
        #expect(problems.isEmpty, "\(problems.joined(separator: "; "))\n\(verdict.output)")
    }

    @Test("the fixture set covers the seed's cases")
    func fixtureSetIsComplete() throws {
        let names = Set(try Fixture.all(in: fixtureDirectory).map(\.name))
        let required = [
            "seed_unsafe_form_rejected.swift",
            "seed_safe_form_compiles.swift",
            "main_actor_closure_rejected.swift",
            "main_actor_state_captured_rejected.swift",
            "adopter_library_surface_compiles.swift",
        ]
        #expect(required.filter { !names.contains($0) } == [])
    }
}
