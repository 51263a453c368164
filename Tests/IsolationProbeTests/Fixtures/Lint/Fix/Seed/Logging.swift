// The seed's library: a copyable box, unchecked for every T, backing a
// computed `sink`. `--fix` makes the alias @Sendable; the box itself has no
// mechanical fix and stays reported.
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) {
        self.value = value
    }
}

enum Logging {
    typealias LoggingSink = (String) -> Void

    static var sink: LoggingSink {
        get { _sink.value }
        set { _sink.value = newValue }
    }

    private static let _sink = Box<LoggingSink>({ print($0) })
}
