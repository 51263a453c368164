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
    static let uncaughtException = TrapCause(id: "uncaught-exception", explanation: "an uncaught Objective-C or C++ exception")
    static let frameworkQueueAssertion = TrapCause(id: "framework-main-queue-assert", explanation: "a framework's own queue assertion: an API that must run on one queue (usually the main queue) was called from another")

    /// Every cause a stop message of the producers' catalog can name
    /// (``ProducerMessage/cause``), with its words.
    static let known: [String: TrapCause] = Dictionary(uniqueKeysWithValues: [
        continuationMisuse, exclusivity, queueDeadlock, tryBang, forceUnwrap, indexOutOfRange, precondition,
        uncaughtException, frameworkQueueAssertion,
        TrapCause(id: "framework-thread-check", explanation: "a framework's own thread check: something it confines to one thread (UIKit's and AppKit's layout engine, a Realm) was used from another"),
        TrapCause(id: "dyld-launch-failure", explanation: "dyld could not launch the program: a library it links, or a symbol it needs from one, is missing or built for another architecture or version"),
        TrapCause(id: "dispatch-misuse", explanation: "libdispatch stopped the program on a misuse of its API (an over-release, an unbalanced group leave or semaphore signal, an over-resume, an invalid queue or attribute)"),
        TrapCause(id: "custom-executor-check", explanation: "a custom executor's isolation check (`checkIsolated`, `isIsolatingCurrentContext`) said the code was not on the executor it claimed"),
        TrapCause(id: "task-local-misuse", explanation: "a task-local value was bound where it is not allowed (inside a task group's body, or set instead of `withValue`)"),
        TrapCause(id: "task-group-misuse", explanation: "a task group or async stream was misused (awaited from more than one task, too many pending tasks)"),
        TrapCause(id: "attribute-graph-precondition", explanation: "SwiftUI's AttributeGraph stopped on its own precondition (most often a value set while the graph updates: state written from `body`, a representable's update or a preference reader)"),
        TrapCause(id: "integer-overflow", explanation: "an arithmetic overflow, a division by zero, or a numeric conversion that loses the value"),
        TrapCause(id: "dangling-reference", explanation: "an object was used after it was destroyed (an unowned reference read after deinit, a non-escaping closure that escaped)"),
        TrapCause(id: "missing-environment-object", explanation: "a view read an `@EnvironmentObject` that no ancestor provided (`.environmentObject(_:)` missing above it: a sheet, a separate window or hosting controller, a preview)"),
        TrapCause(id: "dynamic-cast", explanation: "a forced cast (`as!`) failed"),
        TrapCause(id: "duplicate-keys", explanation: "a Dictionary or Set found duplicate keys: a broken `Hashable`, or keys changed after insertion"),
        TrapCause(id: "type-metadata", explanation: "the runtime could not find or build type metadata or a conformance (a missing or mismatched library)"),
        TrapCause(id: "out-of-memory", explanation: "an allocation failed, or a memory limit ended the process"),
        TrapCause(id: "buffer-overflow", explanation: "a buffer overrun was caught (stack smashing, a fortified call)"),
        TrapCause(id: "lock-misuse", explanation: "a lock was misused (locked twice, unlocked by a thread that does not hold it, destroyed while locked)"),
        TrapCause(id: "objc-runtime-fatal", explanation: "the Objective-C runtime stopped the program (`objc[PID]:`): a weak reference formed to an object being deallocated, a collection mutated while enumerated, or its own tables found damaged"),
    ].map { ($0.id, $0) })

    /// libdispatch's top frame of a stopped `dispatch_sync` on older
    /// versions (`_dispatch_sync_f_slow`, `_dispatch_barrier_sync_f_slow`):
    /// it stops there when the queue is already held (newer ones stop in
    /// `__DISPATCH_WAIT_FOR_QUEUE__` above it). Anywhere but on top of a
    /// stopped thread it is an ordinary wait.
    static let syncSlowPath = "sync_f_slow"

    /// The causes that wrap another: every `Fatal error` line names a
    /// precondition, every uncaught exception's line an exception, whatever
    /// the message inside says.
    static let wrappingCauses: Set = [precondition.id, uncaughtException.id]

    /// The cause the messages or the frames above the program's code name;
    /// nil when they name none. In each message a specific cause wins over
    /// a wrapping one (``wrappingCauses``: Realm's incorrect-thread reason
    /// inside `*** Terminating app due to uncaught exception`), else the
    /// catalog's most specific entry counts (``Producers``).
    static func of(messages: [String], frames: ArraySlice<StackFrame>) -> TrapCause? {
        let named = messages.compactMap { message in
            let causes = Producers.entries(in: message).filter { $0.meaning == .stop }.compactMap(\.cause)
            return causes.first { !wrappingCauses.contains($0) } ?? causes.first
        }
        let framed = frames.compactMap { frame in
            Producers.functions.first { $0.role == .trap && $0.cause != nil && frame.symbol.map($0.matches) == true }?.cause
        } + (frames.first.map { ($0.symbol ?? "").contains(syncSlowPath) } == true ? [queueDeadlock.id] : [])
        let specific = named.first { !wrappingCauses.contains($0) } ?? framed.first { !wrappingCauses.contains($0) }
        guard let id = specific ?? named.first ?? framed.first else { return nil }
        return known[id] ?? TrapCause(id: id, explanation: id.replacingOccurrences(of: "-", with: " "))
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
