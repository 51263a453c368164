public import LoggingSink

/// Where Telemetry's logs go. The host decides; the default prints.
///
/// This is the seed's `Logging.sink`, kept call-for-call, minus the crash:
/// the property is `@Sendable`, so a closure carrying main-actor isolation
/// cannot be assigned, and the storage is a `LogSink`, so it may be replaced
/// from any thread while background queues log through it.
public enum Logging {
    /// Telemetry's sink, for leveled calls and richer handlers.
    public static let log = LogSink(label: "Telemetry", minimumLevel: .info)

    /// Replace to route Telemetry's logs: `Logging.sink = { print($0) }`.
    public static var sink: @Sendable (String) -> Void {
        get { { log($0) } }
        set { log.install(newValue) }
    }
}
