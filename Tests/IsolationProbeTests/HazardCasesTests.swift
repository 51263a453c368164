import Foundation
import Testing
@testable import IsolationCatalog

/// Cases 11-13: the SwiftUI hazards of the same family carried to Linux, run
/// through the probe's own engine (compile with `swiftc`, run as a child,
/// classify). Each hazard is checked together with its fix, and each
/// verdict is checked on its evidence, not only on the outcome label.
@Suite("Hazard cases 11-13 on this machine", .serialized)
struct HazardCasesTests {
    /// Observes one shipped case in one configuration.
    static func observe(_ caseID: String, in configurationID: String = "6") async throws -> Observation {
        let catalog = try TestCatalog.shipped()
        let probeCase = try #require(try catalog.resolve([caseID]).first)
        let configuration = try #require(BuildConfiguration(id: configurationID))
        return try await ProbeEngine(toolchain: TestCatalog.toolchain, options: .init()).observe(probeCase, in: configuration)
    }

    /// The frames and messages that would make a trap an isolation failure.
    static func mentionsExecutorCheck(_ observation: Observation) -> Bool {
        observation.evidence.contains { line in Classifier.isolationMarkers.contains { line.contains($0) } }
    }

    // MARK: 11 - stale projection read from an out-of-band callback

    @Test("11a: the synchronous observer reads an emptied array: Index out of range, not an isolation trap",
          arguments: ["6", "6+checks"])
    func staleProjectionTraps(configuration: String) async throws {
        let observation = try await Self.observe("stale-projection", in: configuration)
        #expect(observation.outcome == .otherTrap, "\(observation.evidence)")
        #expect(observation.evidence.contains { $0.contains("Fatal error: Index out of range") }, "\(observation.evidence)")
        #expect(!Self.mentionsExecutorCheck(observation), "\(observation.evidence)")
        #expect(observation.offender == nil)
        #expect(observation.notes == ["observer runs inside post(), before the rows are rebuilt"])
        #expect(observation.warnings.isEmpty, "\(observation.warnings)")
        #expect(observation.matches == true)
    }

    @Test("11b: delivering on the next turn of the main queue drops the stale delivery",
          arguments: ["6", "6+checks"])
    func nextTurnDeliveryIsClean(configuration: String) async throws {
        let observation = try await Self.observe("stale-projection-next-turn", in: configuration)
        #expect(observation.outcome == .clean, "\(observation.evidence)")
        #expect(observation.notes == ["queued delivery dropped: the row was removed and its subscription cancelled"])
        #expect(observation.matches == true)
    }

    @Test("11c: next-turn delivery alone still traps when a lazy container keeps the row")
    func lazyRowStillTraps() async throws {
        let observation = try await Self.observe("stale-projection-lazy-row")
        #expect(observation.outcome == .otherTrap, "\(observation.evidence)")
        #expect(observation.evidence.contains { $0.contains("Fatal error: Index out of range") }, "\(observation.evidence)")
        #expect(!Self.mentionsExecutorCheck(observation), "\(observation.evidence)")
        #expect(observation.notes == ["queued delivery reaches a row that is in the reuse pool (visible: false)"])
        #expect(observation.matches == true)
    }

    @Test("11d: next-turn delivery plus a liveness guard is clean",
          arguments: ["6", "6+checks"])
    func livenessGuardIsClean(configuration: String) async throws {
        let observation = try await Self.observe("stale-projection-guard", in: configuration)
        #expect(observation.outcome == .clean, "\(observation.evidence)")
        #expect(observation.notes == ["queued delivery reached a row in the reuse pool; the liveness guard skipped it"])
        #expect(observation.matches == true)
    }

    // MARK: 12 - async binding with unordered writes

    /// Repeats of the child run; the gate makes every one of them identical.
    static let repeats = 5

    @Test("12a: the superseded write lands last on every run, and a failure is not equal to itself")
    func unorderedWritesAreDeterministic() async throws {
        for run in 1...Self.repeats {
            let observation = try await Self.observe("async-binding-unordered")
            #expect(observation.outcome == .otherTrap, "run \(run): \(observation.evidence)")
            #expect(observation.notes.contains("last value set: false; final state: ready(true); backend writes in order: [false, true]"),
                    "run \(run): \(observation.notes)")
            #expect(observation.notes.contains("after the second write: ready(false)"), "run \(run): \(observation.notes)")
            #expect(observation.notes.contains("failure state equals itself: false"), "run \(run): \(observation.notes)")
            #expect(observation.evidence.contains { $0.contains("Fatal error: AsyncBinding: the superseded write landed last") },
                    "run \(run): \(observation.evidence)")
            #expect(!Self.mentionsExecutorCheck(observation))
            // Swift 6 accepts the program without a word.
            #expect(observation.warnings.isEmpty && observation.errors.isEmpty)
        }
    }

    @Test("12b: with a generation number and cancellation in a SafeBox, the newest write wins on every run",
          arguments: ["6", "6+checks"])
    func generationGuardKeepsNewestWrite(configuration: String) async throws {
        for run in 1...Self.repeats {
            let observation = try await Self.observe("async-binding-safebox", in: configuration)
            #expect(observation.outcome == .clean, "run \(run): \(observation.evidence + observation.errors)")
            #expect(observation.notes.contains("last value set: false; final state: ready(false); backend writes in order: [false]"),
                    "run \(run): \(observation.notes)")
            #expect(observation.notes.contains("write 1 was superseded and dropped; it ended with CancellationError()"),
                    "run \(run): \(observation.notes)")
            #expect(observation.notes.contains("failure state equals itself: true"), "run \(run): \(observation.notes)")
            #expect(observation.matches == true)
        }
    }

    // MARK: 13 - a @MainActor handler behind a nonisolated callback

    @Test("13a: assumeIsolated in a callback from a background queue is an isolation trap in every mode",
          arguments: ["5", "6"])
    func assumeIsolatedCallbackTraps(configuration: String) async throws {
        let observation = try await Self.observe("callback-assume-isolated", in: configuration)
        #expect(observation.outcome == .isolationTrap, "\(observation.evidence)")
        #expect(observation.evidence.contains { $0.contains("dispatch_assert_queue") && $0.contains("swift_task_isCurrentExecutor") },
                "\(observation.evidence)")
        #expect(observation.offender?.contains("onTaskChanged") == true, "offender: \(observation.offender ?? "none")")
        // The first callback, on the main thread, passed the same check.
        #expect(observation.notes == ["callback on the main thread: assumeIsolated held; spinning: true"])
        #expect(observation.matches == true)
    }

    @Test("13b: hopping with a main-actor task is clean from either thread",
          arguments: ["6", "6+checks"])
    func taskHopIsClean(configuration: String) async throws {
        let observation = try await Self.observe("callback-task-hop", in: configuration)
        #expect(observation.outcome == .clean, "\(observation.evidence)")
        #expect(observation.notes == [
            "callback from the main thread reached the handler on the main queue; spinning: true",
            "callback from the layout queue reached the handler on the main queue; spinning: false",
        ])
        #expect(observation.matches == true)
    }

    // MARK: the whole group

    @Test("cases 11-13 are in the catalog, each hazard next to its fix")
    func catalogEntries() throws {
        let catalog = try TestCatalog.shipped()
        let entries = try catalog.resolve(["11", "12", "13"]).map { "\($0.manifest.catalog) \($0.id)" }
        #expect(entries == [
            "11a stale-projection", "11b stale-projection-next-turn",
            "11c stale-projection-lazy-row", "11d stale-projection-guard",
            "12a async-binding-unordered", "12b async-binding-safebox",
            "13a callback-assume-isolated", "13b callback-task-hop",
        ])
        let readme = try String(contentsOf: TestCatalog.shippedDirectory().appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("## Hazards without a Linux analog"))
    }
}
