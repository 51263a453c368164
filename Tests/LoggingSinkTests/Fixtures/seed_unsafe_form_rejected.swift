// The seed's crash, ported: a non-Sendable closure formed in main-actor code
// is assigned to the library's sink. With an @unchecked Sendable box this
// compiled and trapped on a background queue; with LoggingSink it is a
// compile-time error.
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
        let closure: (String) -> Void = { print($0) }
        Logging.sink = closure // expected-error: converting non-Sendable function value to '@Sendable (String) -> Void' may introduce data races
    }

    func userPressedTheButton() {
        DispatchQueue.global().async { Logging.sink("hello") }
    }
}
