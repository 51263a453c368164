import Dispatch
import Foundation
import Testing
@testable import IsolationCatalog

/// A requirement from code that predates concurrency annotations.
protocol LegacyObserver {
    func observe()
}

/// A main-actor type satisfying it through an `@preconcurrency` conformance:
/// Swift 6 guards the witness with a run-time isolation check.
@MainActor
final class MainActorObserver: @preconcurrency LegacyObserver {
    var count = 0
    func observe() { count += 1 }
}

/// Crash cases as Swift Testing exit tests: the crashing code runs in a
/// child process, and the test asserts how that process died.
@Suite("Isolation crashes as exit tests")
struct ExitTests {
    @Test("MainActor.assumeIsolated off the main thread dies with SIGILL (case 8c, in process)")
    func assumeIsolatedTraps() async {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                MainActor.assumeIsolated { _ = 1 }
                done.signal()
            }
            done.wait()
        }
    }

    @Test("a @preconcurrency conformance's witness called off the main actor dies with SIGILL (case 8a, in process)")
    func preconcurrencyWitnessTraps() async {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let observer: any LegacyObserver & Sendable = await MainActorObserver()
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                observer.observe()
                done.signal()
            }
            done.wait()
        }
    }

    /// Cases 1-3 need `-enable-actor-data-race-checks`, which this test
    /// target is not built with, and case 8b needs a module built in Swift 5
    /// mode; the probe compiles them, and the exit test's child replaces
    /// itself with the compiled program.
    @Test("compiled crash cases die with SIGILL in the executor check",
          arguments: [
              ("unchecked-box", "6+checks"), ("closure-member", "6+checks"), ("locked-copyable-box", "6+checks"),
              ("sending-noncopyable-box", "5+checks"), ("swift5-module-callback", "6"),
          ])
    func compiledCaseTraps(caseID: String, configurationID: String) async throws {
        let catalog = try TestCatalog.shipped()
        let probeCase = try #require(try catalog.resolve([caseID]).first)
        let compiler = CaseCompiler(toolchain: TestCatalog.toolchain, libraries: LibraryBuilder(toolchain: TestCatalog.toolchain))
        let configuration = try #require(BuildConfiguration(id: configurationID))
        let compiled = try await compiler.compile(probeCase, in: configuration)
        let path = try #require(compiled.executable?.path)
        let result = await #expect(processExitsWith: .signal(SIGILL), observing: [\.standardErrorContent]) { [path = path as String] in
            setenv("SWIFT_BACKTRACE", "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none", 1)
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
            execv(path, arguments)
            Issue.record("execv failed: \(errno)")
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("swift_task_isCurrentExecutor"))
        #expect(stderr.contains("closure #1 in"))
    }

    @Test("the same compiled case without run-time checks exits normally (the silent race)")
    func compiledCaseWithoutChecksIsSilent() async throws {
        let catalog = try TestCatalog.shipped()
        let probeCase = try #require(try catalog.resolve(["unchecked-box"]).first)
        let compiled = try await CaseCompiler(toolchain: TestCatalog.toolchain, libraries: LibraryBuilder(toolchain: TestCatalog.toolchain)).compile(probeCase, in: BuildConfiguration(id: "6")!)
        let path = try #require(compiled.executable?.path)
        await #expect(processExitsWith: .success) { [path = path as String] in
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
            execv(path, arguments)
            Issue.record("execv failed: \(errno)")
        }
    }
}
