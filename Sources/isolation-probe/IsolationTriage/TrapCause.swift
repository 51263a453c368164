import Foundation

/// The specific cause of a stop, as the runtime's message or the frames
/// above the program's code name it: what the kinds' summaries say and
/// the JSON's `cause` field holds.
///
/// ```swift
/// TrapCause.of(messages: ["Fatal error: Index out of range"], frames: [])?.id   // "index-out-of-range"
/// ```
struct TrapCause: Sendable, Hashable {
    /// A short name (`force-unwrap`, `exclusivity`, `queue-deadlock` …).
    var id: String
    /// What happened, in words, for the summary.
    var explanation: String

    static let continuationMisuse = TrapCause(id: "continuation-misuse", explanation: "a checked continuation was resumed more than once (SWIFT TASK CONTINUATION MISUSE)")
    static let exclusivity = TrapCause(id: "exclusivity", explanation: "an exclusivity violation: two accesses to the same variable overlapped and one was a modification (the runtime's `Simultaneous accesses` check)")
    static let queueDeadlock = TrapCause(id: "queue-deadlock", explanation: "`dispatch_sync` or `dispatch_barrier_sync` (or `DispatchQueue.sync`) called on the queue the thread already holds: libdispatch stops it instead of deadlocking")
    static let tryBang = TrapCause(id: "try-bang", explanation: "a `try!` expression threw")
    static let forceUnwrap = TrapCause(id: "force-unwrap", explanation: "a force unwrap (`!`) or implicitly unwrapped optional found nil")
    static let indexOutOfRange = TrapCause(id: "index-out-of-range", explanation: "an index out of range")
    static let precondition = TrapCause(id: "precondition", explanation: "a precondition, assertion or fatalError failed")
    static let uncaughtException = TrapCause(id: "uncaught-exception", explanation: "an uncaught Objective-C exception")
    static let frameworkQueueAssertion = TrapCause(id: "framework-main-queue-assert", explanation: "a framework's own queue assertion: an API that must run on one queue (usually the main queue) was called from another")

    /// libdispatch's words for every synchronous submit to the queue the
    /// thread already holds (`dispatch_sync called on …`, `dispatch_barrier_sync
    /// called on …`), whichever variant was called.
    static let queueAlreadyOwned = "called on queue already owned"
    /// The slow path of `dispatch_sync` and `dispatch_barrier_sync`
    /// (`_dispatch_sync_f_slow`, `_dispatch_barrier_sync_f_slow`): older
    /// libdispatch stops in it when the queue is already held, so on top of
    /// a stopped thread it is that stop (newer ones stop in
    /// `__DISPATCH_WAIT_FOR_QUEUE__` above it).
    static let syncSlowPath = "sync_f_slow"

    /// The cause the messages or the frames above the program's code name;
    /// nil when they name none.
    static func of(messages: [String], frames: ArraySlice<StackFrame>) -> TrapCause? {
        func said(_ words: String...) -> Bool { messages.contains { message in words.contains { message.localizedCaseInsensitiveContains($0) } } }
        if said("tried to resume its continuation") { return .continuationMisuse }
        if said("Simultaneous accesses to") { return .exclusivity }
        if said(queueAlreadyOwned) || frames.contains(where: { ($0.symbol ?? "").contains("DISPATCH_WAIT_FOR_QUEUE") })
            || frames.first.map({ ($0.symbol ?? "").contains(syncSlowPath) }) == true { return .queueDeadlock }
        if said("'try!' expression") { return .tryBang }
        if said("unexpectedly found nil") { return .forceUnwrap }
        if said("index out of range") { return .indexOutOfRange }
        if said("Terminating app due to uncaught exception") { return .uncaughtException }
        if said("Precondition failed", "Assertion failed", "Fatal error", "Swift runtime failure")
            || frames.contains(where: { ($0.symbol ?? "").contains("_assertionFailure") || ($0.symbol ?? "").contains("_fatalErrorMessage") }) {
            return .precondition
        }
        return nil
    }

    /// The function a continuation message names:
    /// `SWIFT TASK CONTINUATION MISUSE: login(_:) tried to resume …` → `login(_:)`.
    ///
    /// ```swift
    /// TrapCause.continuationFunction(in: "SWIFT TASK CONTINUATION MISUSE: stop() leaked its continuation") // "stop()"
    /// ```
    static func continuationFunction(in message: String) -> String? {
        guard let start = message.range(of: "CONTINUATION MISUSE: ") else { return nil }
        let rest = message[start.upperBound...]
        for ending in [" tried to resume", " leaked its continuation"] {
            if let end = rest.range(of: ending) {
                let name = rest[..<end.lowerBound].trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
        }
        return nil
    }

    /// The access an exclusivity violation conflicts with:
    /// ``Previous access (a modification) started at Module`f() + 965 (0x…).`` → `f()` in `Module`.
    static func previousAccess(in message: String) -> StackFrame? {
        guard let start = message.range(of: "started at ") else { return nil }
        var text = message[start.upperBound...]
        var image: String?
        if let tick = text.firstIndex(of: "`") {
            image = String(text[..<tick])
            text = text[text.index(after: tick)...]
        }
        if let address = text.range(of: " (0x") ?? text.range(of: " (") { text = text[..<address.lowerBound] }
        FrameText.dropOffset(&text)
        let symbol = text.trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        guard !symbol.isEmpty, !symbol.hasPrefix("0x") else { return nil }
        return StackFrame(index: 0, image: image, symbol: symbol)
    }

    /// Where a runtime message says the failing call is: `M/File.swift:228: Precondition failed`,
    /// `Fatal error: …: file /p/routes.swift, line 13`; nil for the standard library's own files.
    ///
    /// ```swift
    /// TrapCause.messageLocation(in: "NIOPosix/VsockAddress.swift:228: Precondition failed")?.line  // 228
    /// ```
    static func messageLocation(in message: String) -> StackFrame? {
        var file: Substring?
        var line: Int?
        if let range = message.range(of: ": file ") {
            let rest = message[range.upperBound...]
            if let comma = rest.range(of: ", line ") {
                file = rest[..<comma.lowerBound]
                line = Int(rest[comma.upperBound...].prefix { $0.isNumber })
            }
        } else {
            for marker in [": Fatal error", ": Precondition failed", ": Assertion failed", ": fatal error"] {
                guard let range = message.range(of: marker) else { continue }
                var head = message[..<range.lowerBound]
                // `2022-05-09 … truckat[49944:5784198] Swift/File.swift:575`: the last word.
                if let space = head.lastIndex(of: " ") { head = head[head.index(after: space)...] }
                if let colon = head.lastIndex(of: ":"), let number = Int(head[head.index(after: colon)...]) {
                    file = head[..<colon]
                    line = number
                }
                break
            }
        }
        guard let path = file, let line, path.hasSuffix(".swift"), !isLibraryPath(path) else { return nil }
        let name = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? String(path)
        return StackFrame(index: 0, file: name, line: line)
    }

    /// Whether a source path is the standard library's or runtime's own
    /// (`Swift/ContiguousArrayBuffer.swift`, `…/stdlib/public/core/…`): it
    /// says where the check is, not the call that failed it.
    static func isLibraryPath<Path: StringProtocol>(_ path: Path) -> Bool {
        ["Swift/", "_Concurrency/", "Dispatch/", "Foundation/"].contains { path.hasPrefix($0) }
            || path.contains("/stdlib/") || path.contains("\\stdlib\\")
    }
}
