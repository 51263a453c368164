// The seed's fixed form: the host installs a closure literal in a
// @MainActor init; the library logs from a background queue. A @Sendable
// closure is not main-actor isolated, so this is safe and compiles clean.
// mutex: skip LoggingSink API, not a lock box
import LoggingSink
import Dispatch

public enum Logging {
    public static let log = LogSink(label: "Library")
    public static var sink: @Sendable (String) -> Void {
        get { { log($0) } }
        set { log.install(newValue) }
    }
}

@MainActor
struct HostApp {
    init() {
        Logging.sink = { print($0) }
    }

    func userPressedTheButton() {
        DispatchQueue.global().async { Logging.sink("hello") }
    }
}
