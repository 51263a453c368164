@testable import LoggingSink
import Synchronization
import Testing

/// A library's logging namespace written the way the docs tell adopters to:
/// the seed's `Logging.sink` shape, no `@unchecked` anywhere.
enum SeedLibrary {
    static let log = LogSink(label: "SeedLibrary")

    static var sink: @Sendable (String) -> Void {
        get { { log($0) } }
        set { log.install(newValue) }
    }
}

/// A library whose host installs nothing: its messages are printed.
/// Used in a child process only (an exit test), so printing is harmless.
enum NeverInstalled {
    static let log = LogSink(label: "Fresh", minimumLevel: .info)
}

/// A second seed-shaped library, used only by the getter test, so that
/// installing into it does not disturb tests that share `SeedLibrary`.
enum LateBinding {
    static let log = LogSink(label: "LateBinding")

    static var sink: @Sendable (String) -> Void {
        get { { log($0) } }
        set { log.install(newValue) }
    }
}

/// Replaces a sink's handler three batches over and, after every
/// replacement, checks the retired list against the batching contract.
private enum ReclaimBatch {
    final class Token: Sendable {
        let released: @Sendable () -> Void
        init(_ released: @escaping @Sendable () -> Void) { self.released = released }
        deinit { released() }
    }

    static let releases = Atomic<Int>(0)

    /// The first replacement that breaks the contract, described; nil when
    /// none does.
    static func firstDiscrepancy() -> String? {
        let sink = LogSink()
        let batch = Publication.reclaimBatch
        for installs in 1...(3 * batch) {
            let token = Token { releases.add(1, ordering: .relaxed) }
            sink.install { _ in _ = token }
            // The first install replaced "nothing installed" (never retired);
            // each later one retired a token-holding handler. Nobody logs,
            // so every scan frees everything retired so far.
            let retired = installs - 1
            let waiting = Publication.retiredCount
            let freed = releases.load(ordering: .relaxed)
            if waiting >= batch {
                return "after \(retired) retirements \(waiting) handlers wait; a batch is \(batch)"
            }
            if waiting != retired % batch {
                return "after \(retired) retirements \(waiting) handlers wait; scanning every \(batch) leaves \(retired % batch)"
            }
            if freed + waiting != retired {
                return "after \(retired) retirements \(freed) freed + \(waiting) waiting do not add up"
            }
        }
        withExtendedLifetime(sink) {}
        return nil
    }
}

@Suite("LogSink behaviour")
struct LogSinkBehaviorTests {
    @Test("the seed's call shape: assign a closure, call the property")
    func seedCallShape() {
        let capture = LogCapture()
        SeedLibrary.log.withSink(capture.handler) {
            SeedLibrary.sink("hello")
        }
        #expect(capture.messages == ["hello"])
    }

    @Test("install replaces the handler; text handlers get the message verbatim")
    func installReplaces() {
        let first = LogCapture(), second = LogCapture()
        let sink = LogSink(label: "X", first.handler)
        sink("one")
        sink.install(second.handler)
        sink("two")
        sink.warning("three")
        #expect(first.messages == ["one"])
        #expect(second.messages == ["two", "three"])
    }

    @Test("record handlers see level, label and source location")
    func recordHandlers() {
        let capture = LogCapture()
        let sink = LogSink(label: "Downloads", records: capture.recordHandler)
        sink.error("disk full"); let line = #line
        let record = capture.records.first
        #expect(record?.level == .error)
        #expect(record?.label == "Downloads")
        #expect(record?.message == "disk full")
        #expect(record?.line == UInt(line))
        #expect(record?.file.hasSuffix("LogSinkBehaviorTests.swift") == true)
        #expect(record?.formatted == "[Downloads] error: disk full")
    }

    @Test("a filtered-out message is never formatted", arguments: LogLevel.allCases)
    func filteredMessagesAreNotEvaluated(_ threshold: LogLevel) {
        let capture = LogCapture()
        let sink = LogSink(minimumLevel: threshold, records: capture.recordHandler)
        let evaluated = Mutex<[LogLevel]>([])
        func message(_ level: LogLevel) -> String {
            evaluated.withLock { $0.append(level) }
            return "\(level)"
        }
        sink.trace(message(.trace))
        sink.debug(message(.debug))
        sink.info(message(.info))
        sink.notice(message(.notice))
        sink.warning(message(.warning))
        sink.error(message(.error))
        sink.critical(message(.critical))
        let expected = LogLevel.allCases.filter { $0 >= threshold }
        #expect(evaluated.withLock { $0 } == expected)
        #expect(capture.records.map(\.level) == expected)
    }

    @Test("minimumLevel can be changed at run time")
    func minimumLevelChanges() {
        let capture = LogCapture()
        let sink = LogSink(capture.handler)
        sink.minimumLevel = .error
        // Read outside #expect: the macro would pass the sink by value to
        // show it in a failure, and a noncopyable sink cannot be passed so.
        let warningEnabled = sink.isEnabled(.warning)
        #expect(!warningEnabled)
        sink.warning("hidden")
        sink("hidden too")  // plain calls log at .info
        sink.minimumLevel = .debug
        sink.debug("shown")
        #expect(capture.messages == ["shown"])
        #expect(sink.minimumLevel == .debug)
    }

    @Test("the seed's getter logs through whatever is installed when it is called")
    func seedGetterForwardsToLaterHandler() {
        let first = LogCapture(), second = LogCapture()
        LateBinding.sink = first.handler
        let log = LateBinding.sink  // taken before the replacement below
        LateBinding.sink = second.handler
        log("late")
        #expect(first.messages.isEmpty)
        #expect(second.messages == ["late"])
    }

    @Test("a sink with nothing installed prints each message; install takes over")
    func defaultHandlerPrintsUntilInstall() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardOutputContent]) {
            NeverInstalled.log("plain before install")
            NeverInstalled.log.warning("leveled before install")
            NeverInstalled.log.emit(LogRecord(level: .error, label: "Other", message: "emitted before install"))
            NeverInstalled.log.debug("below the level: not printed")
            NeverInstalled.log.install { print("installed got: \($0)") }
            NeverInstalled.log("after install")
        }
        let lines = String(decoding: result.standardOutputContent, as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(lines == [
            "plain before install",
            "leveled before install",
            "emitted before install",
            "installed got: after install",
        ])
    }

    @Test("a sink created without a handler delivers to the first one installed, then to its replacement")
    func firstInstallIntoAFreshSink() {
        let first = LogCapture(), second = LogCapture()
        let sink = LogSink(label: "Fresh")
        sink.install(records: first.recordHandler)
        sink.notice("one")
        sink.install(second.handler)
        sink("two")
        #expect(first.records.map(\.formatted) == ["[Fresh] notice: one"])
        #expect(second.messages == ["two"])
    }

    @Test("emit keeps the record's own label and respects the level")
    func emitRecords() {
        let capture = LogCapture()
        let sink = LogSink(label: "Mine", minimumLevel: .info, records: capture.recordHandler)
        sink.emit(LogRecord(level: .debug, label: "Theirs", message: "dropped"))
        sink.emit(LogRecord(level: .notice, label: "Theirs", message: "kept", metadata: ["k": "v"]))
        #expect(capture.records.map(\.formatted) == ["[Theirs] notice: kept {k=v}"])
    }

    @Test("a deinitialised sink releases its handler")
    func deinitReleasesHandler() {
        final class Token: Sendable {
            let released: @Sendable () -> Void
            init(_ released: @escaping @Sendable () -> Void) { self.released = released }
            deinit { released() }
        }
        let releases = Atomic<Int>(0)
        do {
            let token = Token { releases.add(1, ordering: .relaxed) }
            let sink = LogSink { _ in _ = token }
            sink("x")
            let other = Token { releases.add(1, ordering: .relaxed) }
            sink.install { _ in _ = other }  // the first handler is retired here, freed by a scan
        }
        #expect(releases.load(ordering: .relaxed) == 2)
    }

    @Test("replaced handlers are freed in batches: fewer than a batch ever wait, and each scan frees them all")
    func replacedHandlersAreFreedInBatches() async {
        // In a child process: the retired list is process-wide, and parallel
        // tests that replace handlers would move it.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            if let problem = ReclaimBatch.firstDiscrepancy() { print(problem) }
        }
        let problem = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(result != nil && problem.isEmpty, "\(problem)")
    }
}
