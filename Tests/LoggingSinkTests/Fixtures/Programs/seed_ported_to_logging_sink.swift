// The seed's program ported to LoggingSink (safe form). SeedProgramTests
// builds it with -enable-actor-data-race-checks and requires a clean run.
import LoggingSink
import Dispatch

enum Logging {
    static let log = LogSink(label: "Library")
    static var sink: @Sendable (String) -> Void {
        get { { log($0) } }
        set { log.install(newValue) }
    }
}

@MainActor
struct HostApp {
    init() {
        Logging.sink = { print("host got: \($0)") }
    }

    func userPressedTheButton(_ done: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async {
            Logging.sink("hello")
            done()
        }
    }
}

@main
enum SeedProgram {
    @MainActor static func main() {
        let app = HostApp()
        let finished = DispatchSemaphore(value: 0)
        app.userPressedTheButton { finished.signal() }
        finished.wait()
        print("clean exit")
    }
}
