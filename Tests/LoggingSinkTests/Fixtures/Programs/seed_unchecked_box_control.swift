// Control for SeedProgramTests: the seed's @unchecked Sendable box, built
// with the same flags, must trap; otherwise the clean run proves nothing.
import Dispatch

final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

enum Logging {
    typealias LoggingSink = (String) -> Void
    static var sink: LoggingSink {
        get { _sink.value }
        set { _sink.value = newValue }
    }
    private static let _sink = Box<LoggingSink>({ print($0) })
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
