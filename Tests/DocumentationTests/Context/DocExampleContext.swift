// The names that documentation examples assume without declaring, so each
// example can show only what it is about. An example that declares one of
// these names itself shadows it (declarations of the example's own module
// win over imported ones). Keep this file small: a name belongs here only
// when several examples use it as given.
@_exported import Foundation
@_exported import Logging
@_exported import LoggingSink
@_exported import LoggingSinkSwiftLog
@_exported import SafeBox
@_exported import Testing

/// A library's logging namespace, as LoggingSink's overview declares it.
public enum Networking {
    public static let log = LogSink(label: "Networking")
}

/// The same, under the name the README and the articles use.
public enum Logging {
    public static let log = LogSink(label: "Networking")

    public static var sink: @Sendable (String) -> Void {
        get { { log($0) } }
        set { log.install(newValue) }
    }
}

/// An application's own sink, for the swift-log bridge examples.
public enum AppLog {
    public static let log = LogSink(label: "App")
}

/// A sink in scope, for the per-method examples of `LogSink`.
public let log = LogSink(label: "Example")
public let capture = LogCapture()
public let relay = LogRelay { _ in }
public let record = LogRecord(level: .info, label: "Sync", message: "done")

/// Stand-ins for an application's own state types, for the policy examples.
public struct State: Sendable { public init() {} }
public struct Buffer: Sendable { public init() {} }

/// A networking client whose calls log, for test examples.
public struct Client: Sendable {
    public init() {}
    public func fetch(_ url: URL) async {}
}
public let client = Client()
public let url = URL(string: "https://example.com/items")!
public let flakyURL = URL(string: "https://example.com/flaky")!
public func sync() async {}

/// Values that log messages interpolate.
public let host = "example.com"
public let payload = "{}"
public let delay = 2
public let count = 3
public let request = "GET /items"
public let cache = [String: Int]()
public let bigStructure = [String: [Int]]()
public func expensiveDump() -> String { "" }
