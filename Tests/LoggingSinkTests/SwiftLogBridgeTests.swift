import Logging
import LoggingSink
import LoggingSinkSwiftLog
import SafeBox
import Testing

/// A swift-log handler that keeps what it receives, for the routing test.
struct RecordingLogHandler: LogHandler {
    let events: RecordedEvents
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        events.storage.withLock { $0.append(event) }
    }
}

final class RecordedEvents: Sendable {
    let storage = SafeBox<[LogEvent]>([])
    var all: [LogEvent] { storage.withLock { $0 } }
}

@Suite("swift-log bridge")
struct SwiftLogBridgeTests {
    @Test("a sink routed into a Logger keeps level, label, metadata and location")
    func routeIntoLogger() throws {
        let events = RecordedEvents()
        let logger = Logger(label: "host") { _ in RecordingLogHandler(events: events) }
        let sink = LogSink(label: "Networking")
        sink.route(to: logger)
        sink.warning("slow response"); let line = #line
        sink.emit(LogRecord(level: .error, label: "Networking", message: "gave up", metadata: ["tries": "3"]))

        let all = events.all
        try #require(all.count == 2)
        #expect(all[0].level == .warning)
        #expect(all[0].message.description == "slow response")
        #expect(all[0].source == "Networking")
        #expect(all[0].line == UInt(line))
        #expect(all[1].level == .error)
        #expect(all[1].metadata?["tries"] == .string("3"))
    }

    @Test("swift-log records forwarded into a sink, with merged metadata")
    func forwardIntoSink() throws {
        let capture = LogCapture()
        let app = SinkHolder(LogSink(label: "App", records: capture.recordHandler))
        var logger = Logger(label: "db") { label in
            SinkLogHandler(label: label) { app.sink.emit($0) }
        }
        logger.logLevel = .debug
        logger[metadataKey: "conn"] = "7"
        logger.trace("filtered by the Logger")
        logger.debug("query", metadata: ["ms": "840"])
        logger.critical("lost connection")

        let records = capture.records
        try #require(records.count == 2)
        #expect(records[0].formatted == "[db] debug: query {conn=7, ms=840}")
        #expect(records[1].level == .critical)
        #expect(records[1].file.hasSuffix("SwiftLogBridgeTests.swift"))
    }

    @Test("every level maps to the same-named level and back", arguments: LogLevel.allCases)
    func levelsRoundTrip(_ level: LogLevel) {
        #expect(LogLevel(level.swiftLogLevel) == level)
        #expect("\(level.swiftLogLevel)" == "\(level)")
    }

    @Test("the sink's minimum level also filters forwarded records")
    func sinkLevelFilters() {
        let capture = LogCapture()
        let app = SinkHolder(LogSink(minimumLevel: .error, records: capture.recordHandler))
        let logger = Logger(label: "db") { label in
            SinkLogHandler(label: label) { app.sink.emit($0) }
        }
        logger.warning("below the sink's level")
        logger.error("kept")
        #expect(capture.messages == ["kept"])
    }
}
