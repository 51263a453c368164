import Foundation

/// Decides what a ``CrashReport`` shows and, for an isolation trap, who ran
/// where and by which route.
///
/// The verdict rests on the stop (signal or exception), the crashed
/// thread's frames above the program's own code, and the runtime's
/// messages; a trap signal alone never makes an isolation trap.
///
/// ```swift
/// let diagnosis = TriageClassifier.diagnose(report, source: "crash.txt")
/// diagnosis.verdict   // .isolationTrap
/// ```
public enum TriageClassifier {
    /// How many of the offender's callers a diagnosis lists.
    public static let callerLimit = 3

    /// The diagnosis of `report`; `nil` is a text in which nothing was recognised.
    public static func diagnose(_ report: CrashReport?, source: String) -> Diagnosis {
        guard let report else {
            var diagnosis = Diagnosis(source: source, verdict: .unknown,
                                      summary: "No crash report recognised: no backtrace frames, crash headline, exception or runtime message.",
                                      evidence: ["expected one of: Swift backtracer output, lldb bt, Apple .ips or .crash report, console lines with 'Fatal error:'"])
            diagnosis.confidence = .low
            diagnosis.decidedBy = unknownDecidedBy
            return diagnosis
        }
        let evidence = CrashEvidence(report: report)
        var diagnosis = Diagnosis(source: source, format: report.format, verdict: .unknown, summary: "",
                                  crashedThread: evidence.thread.map { describe($0) }, notes: report.readingNotes)
        diagnosis.platform = report.platform
        if let stop = report.stopReason { diagnosis.evidence.append("stop: \(stop)") }
        diagnosis.input = completeness(of: report, evidence: evidence)
        if let kind = kind(of: evidence) {
            kind.describe(evidence, in: &diagnosis)
        } else {
            diagnosis.verdict = .unknown
            diagnosis.evidence += report.messages.prefix(3)
            diagnosis.summary = "Nothing in the text says how the program stopped."
            diagnosis.confidence = .low
            diagnosis.decidedBy = unknownDecidedBy
        }
        if !evidence.signalHandlerFrames.isEmpty {
            let last = evidence.signalHandlerFrames.last
            let (whose, below) = RuntimeLibraries.isCheckerReport(last?.symbol)
                ? ("a checker's report", "code it reports on") : ("a signal handler's or crash reporter's", "crash")
            diagnosis.notes.append("the top \(evidence.signalHandlerFrames.count) frame(s) are \(whose) (\(last?.displayName ?? "")): set aside, the \(below) is below them")
        }
        if let (offender, basis) = offender(evidence, isolation: diagnosis.isolation) {
            diagnosis.offender = offender
            diagnosis.offenderBasis = basis
            if diagnosis.isolation != nil, diagnosis.isolation?.offender == nil { diagnosis.isolation?.offender = offender }
            if offender.symbol == nil, offender.file == nil {
                diagnosis.notes.append("the program's own frames are unsymbolicated (\(offender.displayName)): symbolicate the report to name the offender")
            }
        }
        return diagnosis
    }

    /// What a text with no evidence of how the program ended lacks.
    static let unknownDecidedBy = "the crashed thread's frames with the lines above them (the signal or exception, and any `Fatal error` or runtime message)"

    /// The user's code to look at, and what the choice rests on: the code
    /// a message names (the continuation check's function, the class of a
    /// weak reference the Objective-C runtime refused, the delegate method
    /// WebKit's completion-handler check names), the exclusivity
    /// message's previous access, else the
    /// innermost frame of the program's code above the check or trap, else
    /// the place a runtime message names, else code the prose names, else
    /// an unsymbolicated frame of the program.
    static func offender(_ evidence: CrashEvidence, isolation: IsolationFinding?) -> (StackFrame, String)? {
        let messages = evidence.report.messages
        if let named = messages.lazy.compactMap(Producers.namedCode(in:)).map({ StackFrame(index: 0, symbol: $0) }).first(where: isOwnCode) {
            // The message gives a bare name (`#function`'s `init(url:)`); a frame of the program running it gives its type.
            if let frame = evidence.frames.first(where: { isOwnCode($0) && runs($0, named.symbol ?? "") }) {
                return (frame, "the code the stop's message names (`\(named.symbol ?? "")`), in the frame that runs it")
            }
            return (named, "the code the stop's message names")
        }
        if messages.contains(where: { $0.contains("Simultaneous accesses") }),
           let previous = messages.lazy.filter({ $0.contains("Previous access") }).compactMap(TrapCause.previousAccess(in:)).first {
            return (previous, "the access already in progress that the exclusivity check names (`Previous access … started at`)")
        }
        let named = { (frame: StackFrame) in frame.symbol != nil || frame.file != nil }
        let prose = evidence.namedInProse ? ", named in the text's prose beside the check function, not in a frame" : ""
        if let found = isolation?.offender, named(found) {
            return (found, "the innermost frame of your code above the executor check" + prose)
        }
        if isolation == nil, let frame = evidence.frames.first(where: { isOwnCode($0) && named($0) }) {
            return (frame, "the innermost frame of your code on the crashed thread, above the \(evidence.isStop ? "stop" : "report's point")" + prose)
        }
        if let place = messages.lazy.compactMap(TrapCause.messageLocation(in:)).first {
            return (place, "where the runtime's message says the failing call is")
        }
        if let mention = evidence.report.mentionedCode.first(where: { isOwnCode($0) }) {
            return (mention, "named in the text's prose, not in a frame")
        }
        if let found = isolation?.offender ?? evidence.frames.first(where: isOwnCode) {
            return (found, "the innermost frame of your code, unsymbolicated")
        }
        return nil
    }

    /// Whether `frame` runs the function a message names by its bare name:
    /// `closure in WebSocket.init` runs `init(url:)`, `Cart.load()` runs `load()`.
    static func runs(_ frame: StackFrame, _ name: String) -> Bool {
        let base = name.prefix { $0 != "(" }
        guard !base.isEmpty, !base.contains("."), !base.contains(" "), let symbol = frame.symbol else { return false }
        return symbol.hasSuffix("." + base) || symbol.contains("." + base + "(") || symbol.contains("." + base + " ")
    }

    /// How complete the input was: a whole report or a fragment, its frames and headers.
    static func completeness(of report: CrashReport, evidence: CrashEvidence) -> String {
        if let stated = report.completeness { return stated }
        let frames = evidence.frames.count
        let header = report.stopReason != nil || report.threads.contains(where: \.crashed)
        let kind = header && frames > 0 ? "report" : "fragment"
        var parts = ["\(report.threads.count) thread(s)", "\(frames) frame(s) on the crashed thread"]
        if !report.messages.isEmpty { parts.append("\(report.messages.count) message(s)") }
        parts.append(header ? "a header" : "no header")
        return "\(kind) (\(report.format.rawValue)): " + parts.joined(separator: ", ")
    }

    /// Every cause triage recognises, in the order they are asked; the
    /// first that matches decides. Each is one file in `Kinds/`.
    static let kinds: [any CrashKind.Type] = [
        MemoryCorruptionKind.self,
        IsolationTrapKind.self,
        WatchdogHangKind.self,
        RuntimeDiagnosticKind.self,
        LibraryQueueAssertionKind.self,
        OtherTrapKind.self,
        // A kill names who ended the program; a blocked thread under it is a watchdog's hang, asked below.
        KilledFromOutsideKind.self,
        UnsymbolicatedStopKind.self,
        LegacyModeWarningKind.self,
        BlockedThreadKind.self,
        BacktraceWithoutCrashKind.self,
    ]

    /// Every route an isolation trap may have taken, in the order they are
    /// asked; the first that answers decides. Each is one file in `Kinds/`.
    static let routes: [any IsolationRouteKind.Type] = [
        // A deinit's assumeIsolated is the deinit's story, not a callback's.
        DeinitOffActorRoute.self,
        AssumeIsolatedRoute.self,
        IsolatedConformanceRoute.self,
        PreconcurrencyWitnessRoute.self,
        StoredClosureRoute.self,
        UncheckedModuleCallbackRoute.self,
    ]

    /// The first of ``kinds`` the evidence shows; nil when none does.
    static func kind(of evidence: CrashEvidence) -> (any CrashKind.Type)? {
        kinds.first { $0.matches(evidence) }
    }

    /// `signal: SIGILL`, unless the stop line already names every signal.
    static func signalEvidence(_ signals: [String], stop: String?) -> [String] {
        guard !signals.isEmpty, !signals.allSatisfy({ stop?.contains($0) == true }) else { return [] }
        return ["signal: " + signals.joined(separator: ", ")]
    }

    /// The program's own code (``OwnCode``: the one rule triage and the
    /// catalog's runs share).
    static func isOwnCode(_ frame: StackFrame) -> Bool {
        OwnCode.isOwn(frame)
    }

    static func isolationFinding(frames: [StackFrame], thread: CrashThread?, messages: [String]) -> IsolationFinding {
        let offenderIndex = frames.firstIndex(where: isOwnCode)
        let offender = offenderIndex.map { frames[$0] }
        let callers = offenderIndex.map { index in
            Array(frames[(index + 1)...].filter { isOwnCode($0) && !$0.isThunk }.prefix(callerLimit))
        } ?? []
        let stated = expectedExecutor(in: messages)
        var finding = IsolationFinding(
            offender: offender,
            expectedExecutor: stated ?? inferredExecutor(frames: frames),
            expectedExecutorIsInferred: stated == nil && inferredExecutor(frames: frames) != nil,
            callers: callers,
            queue: thread?.queue,
            route: route(frames: frames, offenderIndex: offenderIndex, messages: messages)
        )
        finding.ranOn = RouteEvidence(frames: frames, offenderIndex: offenderIndex, messages: messages).launcher?.name
        return finding
    }

    /// The executor the check wanted, from the runtime's or libdispatch's message.
    static func expectedExecutor(in messages: [String]) -> String? {
        for message in messages {
            if let value = between(message, "expected '", "' executor") { return value }
            if let range = message.range(of: "Expected same executor as ") {
                var value = message[range.upperBound...]
                if let but = value.range(of: ", but") { value = value[..<but.lowerBound] }
                return String(value).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            }
            if let queue = between(message, "expected to execute on queue [", "]") {
                let label = queue.components(separatedBy: " (0x").first ?? queue
                return label == "com.apple.main-thread" ? "main queue (com.apple.main-thread): MainActor" : "queue \(label)"
            }
            if message.contains("@MainActor function at") { return "MainActor" }
        }
        return nil
    }

    /// Without a message, the check's own frames still say something: the
    /// runtime asks `dispatch_assert_queue` only for an executor that is a
    /// dispatch queue, which for ordinary code is the main actor's.
    static func inferredExecutor(frames: [StackFrame]) -> String? {
        guard frames.contains(where: { ($0.symbol ?? "").contains("dispatch_assert_queue") }) else { return nil }
        return "the main queue (MainActor) most likely: the check went through dispatch_assert_queue, used for the main actor and dispatch-queue executors"
    }

    /// Which catalog route the frames point to: the first of ``routes`` that
    /// answers; nil when none fits.
    static func route(frames: [StackFrame], offenderIndex: Int?, messages: [String]) -> IsolationRoute? {
        let evidence = RouteEvidence(frames: frames, offenderIndex: offenderIndex, messages: messages)
        for route in routes {
            if let found = route.route(for: evidence) { return found }
        }
        return nil
    }

    /// `Host` for `closure #1 in Host.init()`, `Gallery` for `closure #1 in Gallery.refresh(done:)`.
    static func enclosingType(of symbol: String?) -> String? {
        guard var name = symbol else { return nil }
        while let range = name.range(of: " in ") { name = String(name[range.upperBound...]) }
        if name.hasPrefix("static ") { name.removeFirst("static ".count) }
        let path = name.prefix { $0 != "(" && $0 != "<" }
        let parts = path.split(separator: ".")
        return parts.count >= 2 ? parts.dropLast().joined(separator: ".") : nil
    }

    /// The legacy mode's `@MainActor function at M/File.swift:35 was not called on the main thread`.
    static func legacyFinding(_ warning: String) -> IsolationFinding {
        var offender: StackFrame?
        if let location = between(warning, " at ", " was not called") {
            let parsed = FrameText.parseLocation(Substring(location))
            let kind = between(warning, "data race detected: ", " at ") ?? "function"
            offender = StackFrame(index: 0, symbol: kind, file: parsed?.file, line: parsed?.line)
        }
        return IsolationFinding(offender: offender, expectedExecutor: expectedExecutor(in: [warning]))
    }

    static func describe(_ thread: CrashThread) -> String {
        thread.name + (thread.queue.map { ", queue \($0)" } ?? "")
    }

    private static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let open = text.range(of: start), let close = text[open.upperBound...].range(of: end) else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }
}
