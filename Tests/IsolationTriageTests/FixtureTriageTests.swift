import Foundation
import IsolationTriage
import Testing

/// Every fixture, real or transcribed, triaged as its header expects.
@Suite("Triage of the fixture reports")
struct FixtureTriageTests {
    static let triage = CrashTriage()

    @Test("verdict, offender, route, queue, caller and expected executor", arguments: TriageFixture.names())
    func fixtureDiagnosis(name: String) async throws {
        let fixture = try TriageFixture.load(name)
        let diagnosis = await Self.triage.triage(text: fixture.report, source: name)
        let rendered = TriageTextRenderer().render(diagnosis)
        let expect = fixture.expectations
        #expect(diagnosis.verdict.rawValue == expect["verdict"], "\(rendered)")
        if let offender = expect["offender"] {
            #expect(diagnosis.isolation?.offender?.symbol == offender, "\(rendered)")
        }
        if let location = expect["offender-location"] {
            #expect(diagnosis.isolation?.offender?.location == location, "\(rendered)")
        }
        if let route = expect["route"] {
            #expect(diagnosis.isolation?.route?.caseIDs.contains(route) == true, "\(rendered)")
        }
        if let queue = expect["queue"] {
            #expect(diagnosis.isolation?.queue == queue, "\(rendered)")
        }
        if let caller = expect["caller"] {
            #expect(diagnosis.isolation?.callers.first?.symbol == caller, "\(rendered)")
        }
        if let expected = expect["expected"] {
            #expect(diagnosis.isolation?.expectedExecutor == expected, "\(rendered)")
        }
        // Whatever the verdict, an isolation trap always names its offender when frames exist.
        if diagnosis.verdict == .isolationTrap, diagnosis.format != .console {
            #expect(diagnosis.isolation?.offender != nil, "\(rendered)")
        }
    }

    @Test("every fixture says where it comes from and what triage must answer")
    func fixturesAreDocumented() async throws {
        let fixtures = try TriageFixture.all()
        #expect(fixtures.count >= 15)
        for fixture in fixtures {
            let text = try String(contentsOf: TriageFixture.directory.appendingPathComponent(fixture.name), encoding: .utf8)
            #expect(text.hasPrefix("# fixture: "), "\(fixture.name)")
            #expect(text.contains("\n# source: "), "\(fixture.name)")
            #expect(fixture.expectations["verdict"] != nil, "\(fixture.name)")
        }
        var formats = Set(try fixtures.map { CrashReportReader.read($0.report)?.format })
        // Pasted fragments are the real-report corpus's (Fixtures/real, RealReportFloorTests).
        let real = TriageFixture.directory.appendingPathComponent("real")
        for name in try FileManager.default.contentsOfDirectory(atPath: real.path) where name.hasSuffix(".txt") {
            formats.insert(CrashReportReader.read(try String(contentsOf: real.appendingPathComponent(name), encoding: .utf8))?.format)
        }
        // The runtime's JSON crash files are written by the toolchain in TriageRuntimeJSONTests, not kept here.
        #expect(formats == Set(CrashReportFormat.allCases.filter { $0 != .swiftRuntimeJSON }.map(Optional.some)))
    }
}
