/// What a producer's message tells about how the program ended: the one
/// fact a kind decides from, whichever producer printed it.
///
/// ```swift
/// MessageMeaning.heapCorruption.isStop   // true
/// MessageMeaning.diagnostic.isStop       // false: the program went on
/// ```
enum MessageMeaning: String, Sendable, CaseIterable, Codable {
    /// Swift's executor check stopped the program: isolated code ran on
    /// the wrong executor.
    case isolationCheck = "isolation-check"
    /// The executor check in its logging mode: the violation was reported
    /// and the program went on.
    case isolationWarning = "isolation-warning"
    /// A queue assertion failed. Swift's executor check and a framework's
    /// own main-queue assertion print the same words, so the frames under
    /// it decide which it was.
    case queueAssertion = "queue-assertion"
    /// The program stopped on a check of its own: a precondition, a force
    /// unwrap, an uncaught exception, libdispatch's misuse checks.
    case stop = "stop"
    /// A heap check found a damaged or misused block.
    case heapCorruption = "heap-corruption"
    /// A bad memory access, told in words.
    case badAccess = "bad-access"
    /// A checker's report about a program that kept running (a data race,
    /// a UI call off the main thread, a leaked continuation).
    case diagnostic = "diagnostic"
    /// The system ended the program for not responding.
    case hang = "hang"
    /// A shell's, kernel's or backtracer's line naming the signal that
    /// ended the program (its ``ProducerMessage/signal``).
    case signal = "signal"
    /// The system or a user ended the program from outside (`Killed`, an
    /// out-of-memory kill, a jetsam): not a crash of its own code.
    case killed = "killed"
    /// A report's mark on the thread that crashed (`Crashed Thread: 8`):
    /// it says that the program stopped, not why.
    case crashMarker = "crash-marker"

    /// Whether the message says the program stopped.
    var isStop: Bool {
        switch self {
        case .isolationCheck, .queueAssertion, .stop, .heapCorruption, .badAccess, .signal, .crashMarker: true
        case .isolationWarning, .diagnostic, .hang, .killed: false
        }
    }
}

/// One message a producer prints, as its source prints it: placeholders
/// `{…}` stand for what it fills in at run time. The kinds decide from its
/// ``meaning`` and ``cause``; ``source`` says where the words come from.
///
/// ```swift
/// let entry = ProducerMessage("malloc(): corrupted top size", .heapCorruption,
///                             source: "bminor/glibc malloc/malloc.c")
/// entry.matches("malloc(): corrupted top size")      // true
/// let executor = ProducerMessage("Incorrect actor executor assumption; expected '{executor}' executor.",
///                                .isolationCheck, source: "swiftlang/swift stdlib/public/Concurrency/Actor.cpp")
/// executor.matches("Fatal error: Incorrect actor executor assumption; expected 'MainActor' executor.")  // true
/// ```
struct ProducerMessage: Sendable, Hashable {
    /// The message with `{name}` where the producer fills in a value.
    var template: String
    /// What it says about how the program ended.
    var meaning: MessageMeaning
    /// The specific cause (a ``TrapCause`` id), when the message names one.
    var cause: String?
    /// The signal the message stands for (`SIGSEGV` for `Segmentation fault`).
    var signal: String?
    /// Where the producer prints it: `owner/repository path`, or the
    /// shipped binary the words were read from.
    var source: String
    /// Lines as programs printed them, which must match this entry.
    var examples: [String]
    /// Whether the message opens its line (a shell's `Killed`, `Aborted`):
    /// the same words inside a sentence are not the message. A template
    /// that opens with a placeholder (`{name}Exception: {reason}`) opens
    /// the line with that value as one word.
    var opensLine: Bool
    /// The placeholder whose value is the program's own code, when the
    /// message names it (`function` in the continuation check's
    /// `SWIFT TASK CONTINUATION MISUSE: {function} tried to resume …`).
    var namesCode: String?
    /// The template's fixed text between placeholders, in order.
    let fragments: [String]

    /// An entry; `examples` default to the template itself when it has no placeholder.
    init(_ template: String, _ meaning: MessageMeaning, cause: String? = nil, signal: String? = nil,
         opensLine: Bool = false, namesCode: String? = nil, source: String, examples: [String] = []) {
        self.opensLine = opensLine
        self.namesCode = namesCode
        self.template = template
        self.meaning = meaning
        self.cause = cause
        self.signal = signal
        self.source = source
        self.fragments = Self.fragments(of: template)
        self.examples = examples.isEmpty && !template.contains("{") ? [template] : examples
    }

    /// The longest fixed fragment: the text searched for first.
    var needle: String {
        guard let longest = fragments.max(by: { $0.utf8.count < $1.utf8.count }) else { return template }
        // A quote may leave out the value the message ends with, or its closing period.
        guard longest == fragments.last, let bare = Self.unclosed(longest, of: template) else { return longest }
        return bare
    }

    /// The last fragment as a quote may end it: without the space before
    /// a closing value (`… for ptr {address}`), or without its closing
    /// period (`… undefined behavior.`); nil when neither applies.
    static func unclosed(_ fragment: String, of template: String) -> String? {
        if template.hasSuffix("}"), fragment.hasSuffix(" ") { return String(fragment.dropLast()) }
        if template.hasSuffix("."), fragment.hasSuffix("."), !fragment.hasSuffix("..") { return String(fragment.dropLast()) }
        return nil
    }

    /// Whether `line` holds the message: every fixed fragment, in order.
    func matches<Line: StringProtocol>(_ line: Line) -> Bool {
        var rest = Substring(line)
        if opensLine {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard opens(rest) else { return false }
        }
        for (position, fragment) in fragments.enumerated() {
            // A sentence quoting the message may change its first letter's case, and leave out its end.
            let swapped = position == 0 && !opensLine ? Self.firstLetterSwapped(fragment) : nil
            let isLast = position == fragments.count - 1
            let found = Self.locate(fragment, after: position > 0 ? fragments[position - 1] : nil, in: rest)
                ?? swapped.flatMap { rest.byteRange(of: $0) }
                ?? (isLast ? Self.quotedWithoutValue(fragment, of: template, in: rest) : nil)
                ?? (isLast ? swapped.flatMap { Self.quotedWithoutValue($0, of: template, in: rest) } : nil)
            guard let found else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// Whether the message's first fixed words open `line` (already past
    /// its indentation); for a template opening with a value
    /// (`{name}Exception: {reason}`), that value is the line's first word.
    func opens(_ line: Substring) -> Bool {
        guard let first = fragments.first else { return false }
        guard template.hasPrefix("{") else { return line.hasPrefix(first) }
        guard let found = line.byteRange(of: first), found.lowerBound > line.startIndex else { return false }
        return !line[..<found.lowerBound].contains(where: \.isWhitespace)
    }

    /// Where `fragment` is in `rest`: as written, or, when a quote left out
    /// the value before it (`Object of class Model` for `Object {address}
    /// of class {class}`), without its leading space where `rest` starts.
    static func locate(_ fragment: String, after previous: String?, in rest: Substring) -> Range<Substring.Index>? {
        if let found = rest.byteRange(of: fragment) { return found }
        guard let previous, previous.hasSuffix(" "), fragment.hasPrefix(" "), case let bare = fragment.dropFirst(),
              rest.hasPrefix(bare) else { return nil }
        return rest.startIndex..<rest.index(rest.startIndex, offsetBy: bare.count)
    }

    /// A message quoted without the value it ends with (`malloc: double
    /// free for ptr` for `malloc: double free for ptr {address}`) or its
    /// closing period: the last fragment so cut, closing the line or a quote.
    static func quotedWithoutValue(_ fragment: String, of template: String, in rest: Substring) -> Range<Substring.Index>? {
        guard let bare = unclosed(fragment, of: template), bare.contains(" "), let found = rest.byteRange(of: bare) else { return nil }
        let after = rest[found.upperBound...]
        return after.allSatisfy({ " \t.`'\")".contains($0) }) ? found : nil
    }

    /// What `placeholder` stands for in `line`: the text between the fixed
    /// fragments around it (the last word before the next fragment, when
    /// the template opens with it); nil when the line does not hold the
    /// message or the template has no such placeholder.
    ///
    /// ```swift
    /// ProducerMessage("{name} failed: {reason}.", .stop, source: "s").value(of: "reason", in: "Cart failed: no stock.")  // "no stock"
    /// ```
    func value<Line: StringProtocol>(of placeholder: String, in line: Line) -> Substring? {
        guard let hole = template.range(of: "{\(placeholder)}") else { return nil }
        let before = Self.fragments(of: String(template[..<hole.lowerBound]))
        let after = Self.fragments(of: String(template[hole.upperBound...])).first
        var rest = Substring(line)
        for (position, fragment) in before.enumerated() {
            guard let found = Self.locate(fragment, after: position > 0 ? before[position - 1] : nil, in: rest) else { return nil }
            rest = rest[found.upperBound...]
        }
        var value = rest
        if let after {
            guard let end = rest.byteRange(of: after) else { return nil }
            value = rest[..<end.lowerBound]
        }
        if before.isEmpty, let space = value.lastIndex(where: \.isWhitespace) { value = value[value.index(after: space)...] }
        value = value.drop(while: \.isWhitespace)
        return value.isEmpty ? nil : value
    }

    /// `data race` → `Data race`, `Fatal` → `fatal`; nil when it does not start with a letter.
    static func firstLetterSwapped(_ text: String) -> String? {
        guard let first = text.first, first.isLetter else { return nil }
        let swapped = first.isUppercase ? first.lowercased() : first.uppercased()
        return swapped + text.dropFirst()
    }

    /// The texts searched for first: the longest fixed fragment, and when
    /// that opens the message, its first letter in the other case too.
    var needles: [String] {
        let longest = needle
        guard !opensLine, let first = fragments.first, first == longest || Self.unclosed(first, of: template) == longest,
              let swapped = Self.firstLetterSwapped(longest) else { return [longest] }
        return [longest, swapped]
    }

    /// `a {x} b` → `["a ", " b"]`; fragments are never empty.
    static func fragments(of template: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var inPlaceholder = false
        for character in template {
            if !inPlaceholder, character == "{" {
                inPlaceholder = true
                if !current.isEmpty { parts.append(current) }
                current = ""
            } else if inPlaceholder, character == "}" {
                inPlaceholder = false
            } else if !inPlaceholder {
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}

/// What a function on a stack tells, by the producer that owns it.
///
/// ```swift
/// FunctionRole.wait.description   // "a wait: the thread is blocked"
/// ```
enum FunctionRole: String, Sendable, Codable, CustomStringConvertible {
    /// Swift's executor check (only on the stack while it runs).
    case executorCheck = "executor-check"
    /// libdispatch's queue assertion: Swift's check or a framework's, by its caller.
    case queueCheck = "queue-check"
    /// Runs only while the program stops (a failure report, abort).
    case trap = "trap"
    /// A blocking wait (futex, condition, semaphore, lock): on top, the thread is blocked.
    case wait = "wait"
    /// A signal handler's or crash reporter's own frame: the crash is below it.
    case signalHandler = "signal-handler"
    /// The kernel's way into a signal handler (`_sigtramp`, `__restore_rt`):
    /// the frames above it are the handler's, whatever image they are in,
    /// and the frame below it is where the signal arrived.
    case signalTrampoline = "signal-trampoline"
    /// A checker's reporting function (the Main Thread Checker's hook, Auto
    /// Layout's thread assertion that logs): the frames above it are its
    /// report, and the program went on.
    case checkerReport = "checker-report"
    /// A watchdog's own function: it ends a program, or a test, that
    /// stopped responding (XCTest's stalled-waiter abort).
    case watchdog = "watchdog"
    /// A deallocator whose only way to stop is its own heap check (the
    /// task allocator's `swift_task_dealloc`): below an abort's frames,
    /// that check failed.
    case checkedDeallocator = "checked-deallocator"
    /// Reads or writes an object's header (a retain, a release, a message
    /// send): on top of a thread, it stopped on a freed or damaged object.
    case objectAccess = "object-access"

    var description: String {
        switch self {
        case .executorCheck: "Swift's executor check"
        case .queueCheck: "libdispatch's queue assertion"
        case .trap: "a function that runs only while the program stops"
        case .wait: "a wait: the thread is blocked"
        case .signalHandler: "a signal handler's frame: the crash is below it"
        case .signalTrampoline: "a signal's entry into its handler: the frame below it took the signal"
        case .checkerReport: "a checker's report: the frames above it are the report's, the program went on"
        case .watchdog: "a watchdog ending what stopped responding: a hang, not a crash"
        case .checkedDeallocator: "a deallocator that stops only when its heap check fails"
        case .objectAccess: "an object's header touched: a freed or damaged object"
        }
    }
}

/// A function a producer owns whose presence on a stack means something.
///
/// ```swift
/// ProducerFunction("__futex_abstimed_wait_common", .wait, source: "bminor/glibc nptl/futex-internal.c")
///     .matches("__futex_abstimed_wait_common64")   // true (a prefix of the symbol)
/// ```
struct ProducerFunction: Sendable, Hashable {
    /// The function's name, or the part of it that identifies it.
    var name: String
    var role: FunctionRole
    /// The specific cause a stop in it names (a ``TrapCause`` id).
    var cause: String?
    var source: String
    /// Whether the name must be the whole symbol (`abort`), not a part of it.
    var exact: Bool

    init(_ name: String, _ role: FunctionRole, cause: String? = nil, source: String, exact: Bool = false) {
        self.name = name
        self.role = role
        self.cause = cause
        self.source = source
        self.exact = exact
    }

    func matches(_ symbol: String) -> Bool {
        exact ? symbol == name : symbol.contains(name)
    }
}

/// One program or library whose words triage reads: what it prints when a
/// program stops, and its functions that mean something on a stack.
///
/// ```swift
/// GlibcMessages.producer.messages.count   // every malloc.c check, and abort's lines
/// ```
struct MessageProducer: Sendable {
    /// A short name (`glibc`, `swift-concurrency`).
    var id: String
    /// The producer in words.
    var name: String
    /// Where its messages were read: repositories and paths, shipped binaries.
    var sources: [String]
    var messages: [ProducerMessage]
    var functions: [ProducerFunction] = []
}
