@testable import IsolationTriage
import Testing

/// What the runtime's JSON crash file says beyond its frames. The files a
/// real crash writes are triaged in `TriageRuntimeJSONTests`; these are the
/// formatter's keys that run does not always produce.
@Suite("The runtime's JSON crash file, key by key")
struct RuntimeJSONFormatTests {
    @Test("with threads=crashed the one thread listed is not given a number, and the others are said to be left out")
    func crashedThreadOnly() throws {
        let text = #"{ "kind": "crashReport", "description": "Illegal instruction", "threads": [ { "name": "worker", "crashed": true, "frames": [ { "kind": "programCounter", "address": "0x1", "symbol": "f", "description": "f() + 1", "image": "prog" }, { "kind": "omittedFrames", "count": 4 } ] } ], "omittedThreads": 3 }"#
        let report = try #require(SwiftRuntimeJSONParser.parse(text))
        #expect(report.threads.map(\.name) == [#"crashed thread "worker""#])
        #expect(report.crashedThread?.frames.map(\.symbol) == ["f()"])
        #expect(report.readingNotes == ["the crash file leaves out 3 other thread(s)", "the backtrace skips frames (4 frames omitted)"])
        #expect(report.signals == ["SIGILL"])
    }
}
