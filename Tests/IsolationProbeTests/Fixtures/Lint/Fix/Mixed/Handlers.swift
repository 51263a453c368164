import Foundation

/// Two members share one alias: `--fix` edits the alias once.
typealias Completion = (Result<Int, any Error>) -> Void

final class Downloader: @unchecked Sendable {
    private let lock = NSLock()
    var onProgress: ((Double) -> Void)?  // a comment that must survive
    var completions: [Completion] = []
    var fallback: Completion = { _ in }
    var pair: (start: () -> Void, stop: () -> Void) = ({}, {})
    var alreadySafe: @Sendable () -> Void = {}
    // No mechanical fix: the closure literal has no written type.
    var inferred = { (code: Int) in print(code) }
}

final class LockedBox<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

enum Hooks {
    static let onExit = LockedBox<
        (Int32) -> Void
    >({ _ in })
    static let onStart = LockedBox<() -> Void>({})
}
