import Foundation
import IsolationTriage
import Testing

/// The real-report corpus (`Fixtures/real/`, crash texts copied from public
/// threads, labelled from each thread's conclusion) triaged as
/// `measure.py` does it: a regression floor. The floors are the figures
/// triage reached when they were set (`docs/triage-on-real-reports.md`);
/// a change that lowers either fails here. They are floors, not targets:
/// raise them when triage gets better.
@Suite("Real reports: regression floor")
struct RealReportFloorTests {
    /// Kind right, of the texts the rules were developed against.
    static let kindFloor = 50
    /// Offender named, of those texts whose thread names one.
    static let offenderFloor = 25
    /// The same two figures on the held-out set (kept apart from the rules
    /// and measured once without tuning).
    static let heldOutKindFloor = 13
    static let heldOutOffenderFloor = 8

    struct Entry: Decodable {
        var file: String
        var expected_kind: String
        var offender_match: String?
        var held_out: Bool?
    }

    struct Manifest: Decodable {
        var reports: [Entry]
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("real")

    /// Kind right and offender named on `entries`, with the misses for the message.
    static func measure(_ entries: [Entry]) async throws -> (kinds: Int, offenders: Int, misses: [String]) {
        let triage = CrashTriage(demangler: NoDemangler(reason: "the floor is measured without demangling"))
        var kinds = 0
        var offenders = 0
        var misses: [String] = []
        for entry in entries {
            let data = try Data(contentsOf: directory.appendingPathComponent(entry.file))
            let first = try await triage.triageEach(data, source: entry.file).first
            if first?.verdict.rawValue == entry.expected_kind { kinds += 1 } else {
                misses.append("\(entry.file): kind \(first?.verdict.rawValue ?? "none"), expected \(entry.expected_kind)")
            }
            guard let match = entry.offender_match else { continue }
            let offender = first?.offender
            let named = [offender?.symbol, offender?.location].compactMap { $0 }.joined(separator: " ")
            if named.contains(match) { offenders += 1 } else { misses.append("\(entry.file): offender \(named), expected \(match)") }
        }
        return (kinds, offenders, misses)
    }

    @Test("the corpus stays at or above its floor: kind right and offender named")
    func corpus() async throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: Self.directory.appendingPathComponent("manifest.json")))
        let tuned = manifest.reports.filter { $0.held_out != true }
        let result = try await Self.measure(tuned)
        #expect(result.kinds >= Self.kindFloor, "kind right \(result.kinds)/\(tuned.count):\n\(result.misses.joined(separator: "\n"))")
        #expect(result.offenders >= Self.offenderFloor, "offender named \(result.offenders):\n\(result.misses.joined(separator: "\n"))")
        let held = manifest.reports.filter { $0.held_out == true }
        let heldResult = try await Self.measure(held)
        #expect(heldResult.kinds >= Self.heldOutKindFloor, "held-out kind right \(heldResult.kinds)/\(held.count):\n\(heldResult.misses.joined(separator: "\n"))")
        #expect(heldResult.offenders >= Self.heldOutOffenderFloor, "held-out offender named \(heldResult.offenders)")
    }
}
