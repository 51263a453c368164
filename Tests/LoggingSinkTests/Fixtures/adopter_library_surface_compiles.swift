// Everything a library adopter writes, Swift 6 clean with no @unchecked:
// the seed's static var, leveled calls, records, a scoped test sink.
// mutex: skip LoggingSink API, not a lock box
import LoggingSink

public enum Logging {
    public static let log = LogSink(label: "Library", minimumLevel: .info)
    public static var sink: @Sendable (String) -> Void {
        get { { log($0) } }
        set { log.install(newValue) }
    }
}

public struct Downloader: Sendable {
    public func fetch(_ url: String) async {
        Logging.sink("fetching \(url)")
        Logging.log.debug("headers: \(String(repeating: "x", count: 1_000))")
        Logging.log.install(records: { print($0.formatted) })
    }
}

func testCapture() async {
    let capture = LogCapture()
    await Logging.log.withSink(capture) {
        await Downloader().fetch("https://example.com")
    }
    _ = capture.messages
}
