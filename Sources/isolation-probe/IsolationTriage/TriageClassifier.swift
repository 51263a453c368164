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
            return Diagnosis(source: source, verdict: .unknown,
                             summary: "No crash report recognised: no backtrace frames, crash headline, exception or runtime message.",
                             evidence: ["expected one of: Swift backtracer output, lldb bt, Apple .ips or .crash report, console lines with 'Fatal error:'"])
        }
        let thread = report.crashedThread
            ?? report.threads.first { $0.frames.contains { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) } }
        let frames = thread?.frames ?? []
        let facts = Facts(report: report, thread: thread, frames: frames)
        var diagnosis = Diagnosis(source: source, format: report.format, verdict: .unknown, summary: "",
                                  crashedThread: thread.map { describe($0) }, notes: report.readingNotes)
        if let stop = report.stopReason { diagnosis.evidence.append("stop: \(stop)") }
        let topFrames = Array(frames.prefix(6))

        if facts.isMemory {
            diagnosis.verdict = .memoryCorruption
            diagnosis.evidence.append("signal: " + facts.memorySignals.joined(separator: ", ") + " (a bad memory access, not a trap)")
            if let check = facts.checkFrames.first {
                diagnosis.evidence.append("frame \(check.index): \(check.displayName)")
                diagnosis.summary = "A bad memory access inside the executor-check code (\(check.displayName)): memory corruption (a freed or damaged actor, task or queue), not an isolation assertion."
            } else {
                diagnosis.summary = "A bad memory access" + (frames.first.map { " in \($0.displayName)" } ?? "") + ": memory corruption or a dangling pointer, not an isolation problem."
            }
            diagnosis.evidence += facts.fatalMessages.prefix(2)
            diagnosis.topFrames = topFrames
            return diagnosis
        }
        if facts.isStop, facts.checkFrames.contains(where: { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) })
            || facts.assumeIsolatedOnTop || !facts.isolationMessages.isEmpty {
            diagnosis.verdict = .isolationTrap
            diagnosis.evidence += signalEvidence(facts.signals, stop: report.stopReason)
            if !facts.checkFrames.isEmpty {
                diagnosis.evidence.append("executor-check frames: " + facts.checkFrames.map(\.displayName).joined(separator: " ← "))
            }
            diagnosis.evidence += facts.isolationMessages.prefix(3)
            let finding = isolationFinding(frames: frames, thread: thread, messages: report.messages)
            if frames.isEmpty {
                diagnosis.notes.append("the report has no frames, so the offender is unknown; on Linux run with SWIFT_BACKTRACE=enable=yes, on Apple platforms read the .ips or .crash report")
            }
            diagnosis.isolation = finding
            let offender = finding.offender.map { " in \($0.displayName)" + ($0.location.map { " (\($0))" } ?? "") } ?? ""
            let expected = finding.expectedExecutorIsInferred ? "" : finding.expectedExecutor.map { ", which expected the \($0) executor" } ?? ""
            let queue = finding.queue.map { ", on queue \($0)" } ?? ""
            diagnosis.summary = "The runtime's executor check stopped the program\(offender)\(expected)\(queue): isolated code ran on the wrong executor."
            return diagnosis
        }
        if facts.isHang {
            diagnosis.verdict = .hang
            diagnosis.evidence += facts.watchdogMessages.prefix(3)
            diagnosis.summary = "The system killed the program for not responding (watchdog): look at what the main thread was doing."
            diagnosis.topFrames = Array((report.threads.first?.frames ?? frames).prefix(6))
            return diagnosis
        }
        if facts.isStop {
            diagnosis.topFrames = topFrames
            diagnosis.evidence += signalEvidence(facts.signals, stop: report.stopReason)
            let topSymbol = frames.first { isOwnCode($0) && $0.symbol != nil } ?? frames.first { $0.symbol != nil }
            if let dispatchCaller = facts.dispatchAssertCaller {
                // A framework asserting its own queue: a main-queue-only API
                // called off the main queue, not Swift's executor check.
                diagnosis.verdict = .otherTrap
                diagnosis.evidence += report.messages.filter { $0.contains("BUG IN CLIENT OF LIBDISPATCH") }.prefix(1)
                diagnosis.evidence.append("dispatch_assert_queue was called by \(dispatchCaller.displayName)"
                    + (dispatchCaller.image.map { " in \($0)" } ?? "") + ", not by the Swift runtime's executor check")
                diagnosis.summary = "A library's own queue assertion failed (\(dispatchCaller.displayName)): an API that must run on a particular queue"
                    + (expectedExecutor(in: report.messages).map { " (\($0))" } ?? "")
                    + " was called from another one. Not Swift's isolation check; look at the program's frames below it."
            } else if !facts.fatalMessages.isEmpty || topSymbol != nil {
                diagnosis.verdict = .otherTrap
                diagnosis.evidence += facts.fatalMessages.prefix(3)
                diagnosis.evidence.append("no executor-check frame (swift_task_isCurrentExecutor…, _checkExpectedExecutor, assumeIsolated) above the program's code and no isolation message")
                if let topSymbol { diagnosis.evidence.append("first frame of the program's code: \(topSymbol.displayName)" + (topSymbol.location.map { " at \($0)" } ?? "")) }
                diagnosis.summary = "The program stopped for another reason than actor isolation"
                    + (facts.fatalMessages.first.map { ": \($0)" } ?? (topSymbol.map { ", in \($0.displayName)." } ?? "."))
            } else {
                diagnosis.verdict = .unknown
                diagnosis.evidence.append(frames.isEmpty ? "no frames" : "no frame is symbolicated")
                diagnosis.summary = "The program stopped (\(facts.signals.joined(separator: ", "))), but the report has neither symbols nor a message: an isolation trap and a precondition failure look the same here. Symbolicate the report and triage it again."
            }
            return diagnosis
        }
        if !facts.legacyWarnings.isEmpty {
            diagnosis.verdict = .notACrash
            diagnosis.evidence += facts.legacyWarnings.prefix(3)
            diagnosis.isolation = legacyFinding(facts.legacyWarnings[0])
            diagnosis.summary = "No crash: the runtime's legacy executor mode reported isolated code running on the wrong thread and let it continue. The same program traps in Swift 6 mode."
            return diagnosis
        }
        if !frames.isEmpty || !report.threads.isEmpty {
            diagnosis.verdict = .notACrash
            diagnosis.summary = "A backtrace with no crash in it" + (report.stopReason.map { " (stopped by: \($0))." } ?? ": no signal, exception or fatal message.")
            diagnosis.topFrames = topFrames
            return diagnosis
        }
        diagnosis.verdict = .unknown
        diagnosis.evidence += report.messages.prefix(3)
        diagnosis.summary = "Nothing in the text says how the program stopped."
        return diagnosis
    }

    /// What the report says, sorted into the kinds the verdict rests on.
    struct Facts {
        var signals: [String]
        var memorySignals: [String]
        var checkFrames: [StackFrame]
        var isolationMessages: [String]
        var legacyWarnings: [String]
        var fatalMessages: [String]
        var watchdogMessages: [String]
        var killed: Bool

        var assumeIsolatedOnTop: Bool
        var dispatchAssertCaller: StackFrame?
        var markedCrashed: Bool

        init(report: CrashReport, thread: CrashThread?, frames: [StackFrame]) {
            signals = report.signals
            memorySignals = signals.filter(StopSignals.memory.contains)
            // The check is above the program's own code on the crashed thread.
            let firstOwn = frames.firstIndex(where: TriageClassifier.isOwnCode) ?? frames.endIndex
            let top = frames[..<firstOwn]
            checkFrames = top.filter { RuntimeLibraries.isIsolationCheck($0.symbol) }
            assumeIsolatedOnTop = top.contains { RuntimeLibraries.isAssumeIsolated($0.symbol) }
                && top.contains { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) || ($0.symbol ?? "").contains("assertionFailure") }
            if let lastDispatch = frames.lastIndex(where: { RuntimeLibraries.isDispatchQueueCheck($0.symbol) }),
               lastDispatch < firstOwn || firstOwn == frames.endIndex,
               !top.contains(where: { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) }) {
                dispatchAssertCaller = frames[(lastDispatch + 1)...].first { !RuntimeLibraries.isDispatchQueueCheck($0.symbol) }
            }
            // lldb marks the stopped thread, which may have stopped at a breakpoint.
            markedCrashed = thread?.crashed == true && report.format != .lldb
            isolationMessages = report.messages.filter(TriageClassifier.isIsolationMessage)
            legacyWarnings = report.messages.filter { $0.contains("data race detected") }
            fatalMessages = report.messages.filter { message in
                !TriageClassifier.isIsolationMessage(message)
                    && ["Fatal error", "fatal error", "Precondition failed", "Assertion failed",
                        "Terminating app due to uncaught exception", "Exception Reason:"].contains { message.contains($0) }
            }
            // Apple's watchdog code, or its words in a termination reason; a
            // log line merely mentioning a watchdog is not a hang.
            watchdogMessages = report.messages.filter { message in
                let lowered = message.lowercased()
                return lowered.contains("0x8badf00d") || lowered.contains("watchdog transgression")
                    || (message.hasPrefix("Termination Reason") && lowered.contains("watchdog"))
            }
            killed = signals.contains("SIGKILL")
        }

        var isMemory: Bool { !memorySignals.isEmpty }
        var isHang: Bool { !watchdogMessages.isEmpty }
        /// The program stopped: a trap, an abort, an arithmetic fault, or a
        /// fatal runtime message.
        var isStop: Bool {
            signals.contains { StopSignals.traps.contains($0) || StopSignals.aborts.contains($0) || $0 == "SIGFPE" }
                || !fatalMessages.isEmpty || !isolationMessages.isEmpty
                // A report that marks a thread as crashed says the program stopped.
                || (markedCrashed && signals.isEmpty && !killed)
        }
    }

    /// `signal: SIGILL`, unless the stop line already names every signal.
    static func signalEvidence(_ signals: [String], stop: String?) -> [String] {
        guard !signals.isEmpty, !signals.allSatisfy({ stop?.contains($0) == true }) else { return [] }
        return ["signal: " + signals.joined(separator: ", ")]
    }

    /// Messages only Swift's isolation checks print. (libdispatch's "Block
    /// was expected to execute on queue" is printed whoever asserted the
    /// queue, so it only tells the expected queue.)
    static func isIsolationMessage(_ message: String) -> Bool {
        message.contains("Incorrect actor executor assumption")
    }

    /// The program's own code: not a system library, not the check itself,
    /// not `assumeIsolated`, not a thunk (except a protocol witness, where a
    /// `@preconcurrency` conformance's check lives), not a sanitizer.
    static func isOwnCode(_ frame: StackFrame) -> Bool {
        let symbol = frame.symbol ?? ""
        return !frame.isSystem
            && (!frame.isThunk || symbol.hasPrefix("protocol witness for"))
            && !RuntimeLibraries.isIsolationCheck(symbol)
            && !RuntimeLibraries.isAssumeIsolated(symbol)
            && !symbol.hasPrefix("__tsan") && !symbol.hasPrefix("__asan")
    }

    static func isolationFinding(frames: [StackFrame], thread: CrashThread?, messages: [String]) -> IsolationFinding {
        let offenderIndex = frames.firstIndex(where: isOwnCode)
        let offender = offenderIndex.map { frames[$0] }
        let callers = offenderIndex.map { index in
            Array(frames[(index + 1)...].filter { isOwnCode($0) && !$0.isThunk }.prefix(callerLimit))
        } ?? []
        let stated = expectedExecutor(in: messages)
        return IsolationFinding(
            offender: offender,
            expectedExecutor: stated ?? inferredExecutor(frames: frames),
            expectedExecutorIsInferred: stated == nil && inferredExecutor(frames: frames) != nil,
            callers: callers,
            queue: thread?.queue,
            route: route(frames: frames, offenderIndex: offenderIndex, messages: messages)
        )
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

    /// Which catalog route the frames point to; nil when none fits.
    static func route(frames: [StackFrame], offenderIndex: Int?, messages: [String]) -> IsolationRoute? {
        if let assume = frames.first(where: { RuntimeLibraries.isAssumeIsolated($0.symbol) }) {
            // Program code below the offender called it: a callback (13a), not
            // a block the system ran directly (8c).
            let calledByProgram = offenderIndex.map { index in
                frames[(index + 1)...].contains { isOwnCode($0) && !$0.isThunk }
            } ?? false
            return .assumeIsolatedOffActor(
                reason: "assumeIsolated is on the crashed thread's stack (frame \(assume.index): \(assume.displayName))"
                    + (calledByProgram ? ", inside a closure the program's own code called back" : ""),
                inCallback: calledByProgram)
        }
        if let message = messages.first(where: { $0.contains("Expected same executor as") }) {
            return .assumeIsolatedOffActor(reason: "the runtime's message is the one assumeIsolated/preconditionIsolated print: \(message)")
        }
        guard let offenderIndex else { return nil }
        let offender = frames[offenderIndex]
        let symbol = offender.symbol ?? ""
        if symbol.hasPrefix("protocol witness for") {
            return .preconcurrencyWitness(reason: "the check fired in a protocol witness (\(symbol)): a @preconcurrency conformance checks the actor there when a caller that knows nothing of it calls the requirement")
        }
        guard symbol.contains("closure #") else { return nil }
        let below = frames[(offenderIndex + 1)...]
        let thunks = below.prefix { $0.isThunk }
        let caller = below.first { !$0.isThunk }
        let callerName = caller.map { "`\($0.displayName)`" } ?? "the code below it"
        if thunks.contains(where: { ($0.symbol ?? "").contains("@in_guaranteed") || ($0.symbol ?? "").contains("@out")
            || MangledNames.isIndirectReabstraction($0.mangledSymbol ?? $0.symbol) }) {
            return .storedClosure(reason: "the closure was called through reabstraction thunks to and from generic (@in_guaranteed/@out) form: it was stored as a generic value, such as a Box<T>'s value, and called by \(callerName)")
        }
        // Closures formed in an initializer are kept for later: a member or box.
        if symbol.contains(".init(") {
            return .storedClosure(reason: "the closure was formed in an initializer (\(symbol)) and called later by \(callerName), on another thread; no generic thunks, so it was kept in a member of function type",
                                  closest: "2")
        }
        if let caller, caller.isSystem || (caller.image != nil && offender.image != nil && caller.image != offender.image) {
            return .callbackIntoUncheckedModule(reason: "the closure was called back by \(callerName) in \(caller.image ?? "another module"), not by the code that formed it")
        }
        if let caller, let callerType = enclosingType(of: caller.symbol), let offenderType = enclosingType(of: symbol),
           callerType != offenderType {
            return .callbackIntoUncheckedModule(reason: "the closure was formed in \(offenderType) and called back by \(callerName), which it was handed to")
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
