// Case 1: an `@unchecked Sendable` box with a plain `var` holding a
// non-Sendable sink closure. The host installs the sink from a `@MainActor`
// initializer, so the closure it writes is isolated to the main actor. A
// background queue then reads the box and calls that closure off the main
// thread. The compiler accepts all of it because `@unchecked` switched the
// checks off.
import Dispatch

/// Storage that promises thread safety it does not have.
final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A library's logging entry point, backed by the box.
enum TelemetryLibrary {
    typealias Sink = (String) -> Void

    static let storage = UncheckedBox<Sink>({ print("default sink: \($0)") })

    static var sink: Sink {
        get { storage.value }
        set { storage.value = newValue }
    }
}

/// The application side: configures the library from main-actor code.
@MainActor
final class HostApp {
    var lines: [String] = []

    init() {
        // This closure is formed in a main-actor context and is not
        // `@Sendable`, so Swift infers it is isolated to the main actor.
        TelemetryLibrary.sink = { message in
            self.lines.append(message)
            print("host sink received: \(message)")
        }
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        let host = HostApp()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // Off the main thread: the stored closure still belongs to it.
            TelemetryLibrary.sink("hello from a background queue")
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap; host holds \(host.lines.count) line(s)")
    }
}
