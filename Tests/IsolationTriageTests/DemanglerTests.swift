import Foundation
import IsolationTriage
import Testing

@Suite("Demangling")
struct DemanglerTests {
    @Test("swift demangle on PATH turns every mangled name readable, in one run")
    func toolchain() async {
        let tool = SwiftDemangleTool()
        #expect(tool.swiftExecutable() != nil, "the tests need swift on PATH")
        let answer = await tool.demangle(["$s4Prog4HostCACycfcySScfU_", "_$s4Prog4HostCACycfcySScfU_", "$sSSIegg_SSytIegnr_TR"])
        #expect(answer.note == nil)
        #expect(answer.names["$s4Prog4HostCACycfcySScfU_"] == "closure #1 in Host.init()")
        #expect(answer.names["_$s4Prog4HostCACycfcySScfU_"] == "closure #1 in Host.init()")
        #expect(answer.names["$sSSIegg_SSytIegnr_TR"]?.hasPrefix("thunk for") == true)
    }

    @Test("without swift on PATH names stay mangled and the report says so")
    func missingTool() async throws {
        let triage = CrashTriage(demangler: SwiftDemangleTool(searchPath: "/nonexistent"))
        let diagnosis = await triage.triage(text: try TriageFixture.load("sanitizer-case10b-tsan.txt").report, source: "tsan")
        #expect(diagnosis.verdict == .isolationTrap)
        #expect(diagnosis.isolation?.offender?.symbol == "$s26Case_tsan_misses_isolation7ConsoleCACycfcySScfU_")
        #expect(diagnosis.notes.contains { $0.hasPrefix("swift is not on PATH:") && $0.contains("left mangled") })
    }

    @Test("a report's mangled names are asked for once, together")
    func oneRequestPerReport() async throws {
        let recorder = RecordingDemangler()
        _ = await CrashTriage(demangler: recorder).triage(text: try TriageFixture.load("sanitizer-case10b-tsan.txt").report, source: "tsan")
        #expect(recorder.requests.count == 1)
        let names = recorder.requests.first ?? []
        #expect(names.count == Set(names).count)
        #expect(names.count >= 6)
        #expect(names.allSatisfy(MangledNames.isMangled))
        // A report without mangled names asks nothing.
        let quiet = RecordingDemangler()
        _ = await CrashTriage(demangler: quiet).triage(text: try TriageFixture.load("lldb-seed-ios18.txt").report, source: "seed")
        #expect(quiet.requests.isEmpty)
    }
}

@Suite("Mangled names read without demangling")
struct MangledNameTests {
    @Test("reabstraction thunks to generic form are recognised from the mangled name")
    func indirectReabstraction() {
        #expect(MangledNames.isIndirectReabstraction("$sSSIegg_SSytIegnr_TR"))
        #expect(MangledNames.isIndirectReabstraction("$sSSIegg_SSytIegnr_TRTA"))
        #expect(!MangledNames.isIndirectReabstraction("$sIegh_IeyBh_TR"))
        #expect(!MangledNames.isIndirectReabstraction("$s26Case_tsan_misses_isolation7ConsoleCACycfcySScfU_TA"))
        #expect(!MangledNames.isIndirectReabstraction("thunk for @escaping @callee_guaranteed (@guaranteed String) -> ()"))
    }
}
