import Dispatch
import LoggingSink
import Telemetry

/// A main-actor console, like a SwiftUI view model showing recent logs.
@MainActor
final class Console {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}

/// The seed's `App`: main-actor isolated, installing the library's sink in
/// its initializer. In the seed this closure was inferred main-actor
/// isolated and trapped when Telemetry called it from a background queue.
@MainActor
final class HostApp {
    let console = Console()
    let relay: LogRelay

    init() {
        // The seed's exact line. The closure is @Sendable, hence not
        // main-actor isolated: safe to call from Telemetry's queues.
        Logging.sink = { print("[host] \($0)") }

        // Main-actor state is reached through a relay, which awaits the
        // console on the main actor, in order, with a bounded buffer.
        let console = console
        relay = LogRelay(capacity: 256) { @MainActor line in console.append(line) }
    }

    /// The user taps "upload" twice; halfway through, the host switches
    /// Telemetry's logs to the on-screen console.
    func run() async {
        let uploader = Uploader()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            uploader.upload(batches: 6, eventsPerBatch: 100) { done.resume() }
        }
        Logging.log.install(relay.handler)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            uploader.upload(batches: 6, eventsPerBatch: 100) { done.resume() }
        }
        await relay.flush()
        print("console received \(console.lines.count) lines, dropped \(relay.droppedCount):")
        for line in console.lines.prefix(3) { print("  \(line)") }
    }
}

@main
enum SeedHost {
    @MainActor
    static func main() async {
        let app = HostApp()
        await app.run()
        print("clean exit")
    }
}
