import Foundation
import IsolationTriage
import Testing
import TestSupport

/// Text that is not a crash report: triage must say so (`unknown` or
/// `not-a-crash`) and never answer a trap or crash kind, which would send
/// a user after an offender that is a random string.
@Suite("Junk input: no verdict without evidence")
struct JunkInputTests {
    let triage = CrashTriage(demangler: NoDemangler(reason: "junk input"))

    static let allowed: Set<TriageVerdict> = [.unknown, .notACrash]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func expectNoCrashVerdict(_ data: Data, _ label: String) async {
        do {
            for diagnosis in try await triage.triageEach(data, source: label) {
                #expect(Self.allowed.contains(diagnosis.verdict),
                        "\(label): \(diagnosis.verdict.rawValue) (\(diagnosis.cause ?? "no cause")): \(diagnosis.summary); offender \(diagnosis.offender?.displayName ?? "none")")
            }
        } catch {
            // Refusing bytes that are not text is an answer too, with the source named.
            #expect(error.description.hasPrefix(label + ":"), "\(label): \(error)")
        }
    }

    @Test("a megabyte of random printable text")
    func randomPrintableText() async {
        var generator = SplitMix64(seed: 48)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        while bytes.count < 1 << 20 {
            let length = Int.random(in: 1...120, using: &generator)
            for _ in 0..<length { bytes.append(UInt8.random(in: 0x20...0x7E, using: &generator)) }
            bytes.append(0x0A)
        }
        await expectNoCrashVerdict(Data(bytes), "random-printable.txt")
    }

    @Test("random bytes")
    func randomBytes() async {
        var generator = SplitMix64(seed: 4848)
        let bytes = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        await expectNoCrashVerdict(Data(bytes), "random-bytes.bin")
    }

    @Test("the project's own source code", arguments: [
        "Sources/SafeBox/SafeBox.swift",
        "Sources/LoggingSink/LogSink.swift",
        "Sources/isolation-probe/IsolationTriage/Formats/TolerantReader.swift",
        "Sources/isolation-probe/IsolationTriage/Producers/SwiftConcurrencyMessages.swift",
        "Sources/CPThreadShim/cpts_lock.c",
    ])
    func sourceCode(path: String) async throws {
        let data = try Data(contentsOf: Self.repository.appendingPathComponent(path))
        await expectNoCrashVerdict(data, path)
    }

    @Test("a server's log with no crash in it")
    func logWithoutCrash() async {
        var lines: [String] = []
        for second in 0..<2_000 {
            let path = ["/users", "/users/42", "/health", "/orders?page=\(second % 7)"][second % 4]
            lines.append("2026-12-01T10:\(String(format: "%02d:%02d", second / 60 % 60, second % 60))Z [ INFO ] GET \(path) -> 200 (\(second % 13) ms) [request-id: \(UUID().uuidString)]")
            if second % 97 == 0 { lines.append("2026-12-01T10:00:00Z [ WARNING ] slow query: SELECT * FROM orders WHERE id = $1 (812 ms)") }
            if second % 331 == 0 { lines.append("2026-12-01T10:00:00Z [ ERROR ] Abort.404: user 7 not found (Vapor.Abort)") }
        }
        await expectNoCrashVerdict(Data(lines.joined(separator: "\n").utf8), "server.log")
    }
}
