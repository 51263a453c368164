import CompileFixtures
import Foundation
import Testing
import TestSupport

extension Fixture: CustomTestStringConvertible {
    public var testDescription: String { name }
}

private let fixtureDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// Proves that SafeBox accepts and rejects exactly what `Mutex` does.
///
/// Each fixture is compiled against the built SafeBox module and, when it
/// says `// mutex: same`, again with SafeBox replaced by `Mutex`; both
/// verdicts must match the fixture's inline expectations.
@Suite("SafeBox compiles exactly where Mutex does", .tags(.slow), .skippedInFastTier)
struct CompileTimeContractTests {
    @Test("fixture verdict", arguments: try Fixture.all(in: fixtureDirectory))
    func fixtureVerdict(_ fixture: Fixture) throws {
        let compiler = try FixtureCompiler()
        let verdict = try compiler.compile(fixture.source, named: fixture.name)
        let problems = fixture.mismatches(in: verdict)
        #expect(problems.isEmpty, "SafeBox: \(problems.joined(separator: "; "))\n\(verdict.output)")

        guard fixture.mutexComparison == .same else { return }
        let mutexVerdict = try compiler.compile(fixture.mutexVariant, named: fixture.name)
        let mutexProblems = fixture.mismatches(in: mutexVerdict) {
            $0.replacingOccurrences(of: "SafeBox", with: "Mutex")
        }
        #expect(mutexProblems.isEmpty, "Mutex: \(mutexProblems.joined(separator: "; "))\n\(mutexVerdict.output)")
    }

    @Test("the fixture set covers the contract's cases")
    func fixtureSetIsComplete() throws {
        let names = Set(try Fixture.all(in: fixtureDirectory).map(\.name))
        let required = [
            "seed_case4_main_actor_closure_stored.swift",
            "main_actor_value_sent_into_init.swift",
            "use_after_sending_into_init.swift",
            "copying_a_box_is_a_move.swift",
            "inout_value_captured_by_escaping_closure.swift",
            "noncopyable_values_and_results.swift",
            "typed_throws_pass_through.swift",
            "with_lock_if_available_compiles.swift",
            "box_as_let_in_sendable_class.swift",
        ]
        #expect(required.filter { !names.contains($0) } == [])
    }

    @Test("the harness itself fails on a wrong expectation")
    func harnessDetectsWrongExpectation() throws {
        let compiler = try FixtureCompiler()
        let wrong = try Fixture(name: "wrong.swift", source: """
            // mutex: same
            import SafeBox
            let box = SafeBox(0) // expected-error: this line actually compiles
            """)
        let verdict = try compiler.compile(wrong.source, named: wrong.name)
        #expect(!wrong.mismatches(in: verdict).isEmpty)

        let unexpected = try Fixture(name: "unexpected.swift", source: """
            // mutex: same
            import SafeBox
            func f() { var box = SafeBox(0); _ = box }
            """)
        let secondVerdict = try compiler.compile(unexpected.source, named: unexpected.name)
        #expect(unexpected.mismatches(in: secondVerdict).contains { $0.hasPrefix("unexpected error") })
    }
}
