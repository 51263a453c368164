// The App module has its own `Callbacks`, Sendable this time: names resolve
// to the declaration in the same module, so nothing here is flagged, while
// Telemetry's `Worker.callbacks` still resolves to Telemetry's `Callbacks`.
struct Callbacks: Sendable {
    var onStart: @Sendable () -> Void
}

typealias LoggingSink = @Sendable (String) -> Void

final class AppWorker: @unchecked Sendable {
    let callbacks: Callbacks
    var sink: LoggingSink = { _ in }
    init(callbacks: Callbacks) { self.callbacks = callbacks }
}
