/// What a report says, sorted into the kinds of fact a verdict rests on,
/// whichever format it was read from.
///
/// ```swift
/// let evidence = CrashEvidence(report: report)
/// evidence.isStop           // true: SIGILL
/// evidence.checkFrames      // the executor check's frames above the program's code
/// ```
struct CrashEvidence {
    var report: CrashReport
    /// The crashed thread, else the thread with the executor check on it.
    var thread: CrashThread?
    /// That thread's frames, innermost first.
    var frames: [StackFrame]

    var signals: [String]
    var memorySignals: [String]
    var checkFrames: [StackFrame]
    var isolationMessages: [String]
    var legacyWarnings: [String]
    var fatalMessages: [String]
    var watchdogMessages: [String]
    /// libdispatch's "Block was expected to execute on queue": Swift's
    /// check or a framework's assertion, as the frames under it decide.
    var queueAssertionMessages: [String]
    /// The system or a user ended the program from outside (`Killed`, a jetsam).
    var killedMessages: [String]
    var killed: Bool
    /// A report's mark on the crashed thread, in words (`Crashed Thread: 8`).
    var crashMarkers: [String]

    /// Frames above the program's code that only run when it stops
    /// (`_assertionFailure`, `__DISPATCH_WAIT_FOR_QUEUE__` …).
    var trapFrames: [StackFrame]
    /// A bad memory access told by malloc's or a sanitizer's heap check.
    var heapMessages: [String]
    /// Xcode's checkers and the runtime's leaked-continuation warning:
    /// reports about a program that kept running.
    var diagnosticWarnings: [String]
    /// The specific cause the messages or the top frames name.
    var trapCause: TrapCause?

    var assumeIsolatedOnTop: Bool
    /// The frames are a check function and the code beside it named in a
    /// sentence (``TolerantReader/proseStack(in:)``), not a pasted stack:
    /// the frames between them are not given.
    var namedInProse: Bool
    /// The frame right below libdispatch's queue assertion, when it is a
    /// library's (not Swift's check, not the program's, not hidden by an elision).
    var dispatchAssertCaller: StackFrame?
    /// libdispatch's queue assertion (its frames or its message) with what
    /// called it not shown: the frames under it are elided or missing.
    var queueCheckCallerUnknown: Bool
    var markedCrashed: Bool
    /// Frames of a signal handler or crash reporter that were on top of
    /// the crashed thread and are set aside: the crash is below them.
    var signalHandlerFrames: [StackFrame]
    /// A signal handler's frames were on top though no line names the
    /// signal: the thread took one, in ``frames``' first frame.
    var signalTakenUnnamed: Bool {
        signals.isEmpty && signalHandlerFrames.contains { RuntimeLibraries.isSignalHandler($0.symbol) }
    }
    /// The unnamed signal arrived in a function that cannot trap: the
    /// executor check's own reads (it fails only through its report
    /// function and a trap above it) or a C function of a library that is
    /// not a trap or a wait. Only a bad access stops a thread there.
    var signalFaultFrame: StackFrame?
    /// A blocking wait on top of the crashed thread.
    var waitOnTop: StackFrame?
    /// A function that touches an object's header on top of the thread
    /// (a retain, a release, a message send): it stops only on a freed or
    /// damaged object.
    var objectAccessOnTop: StackFrame?
    /// A heap check's own function above the program's code (libmalloc's
    /// `malloc_vreport`, glibc's `malloc_printerr`): the heap found itself
    /// damaged, though the text may not hold its message.
    var heapCheckFrame: StackFrame?

    init(report: CrashReport) {
        self.report = report
        thread = report.crashedThread
            ?? report.threads.first { $0.frames.contains { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) } }
            // Several stacks and none crashed (`sample`'s threads): the one blocked in a wait.
            ?? report.threads.first { $0.frames.prefix(4).contains { RuntimeLibraries.isWait($0.symbol) } }
        var frames = thread?.frames ?? []
        // A handler's frames on top (`_sigtramp`, `__restore_rt`, the crash reporter's) are not where it crashed.
        // Above a trampoline everything is the handler, even the program's own (an in-app crash reporter).
        // A checker's report on top is the checker's own stack (it may raise and catch inside), not a stop.
        if let handler = frames.prefix(24).lastIndex(where: { RuntimeLibraries.isSignalTrampoline($0.symbol) })
            ?? frames.prefix(24).lastIndex(where: { RuntimeLibraries.isSignalHandler($0.symbol) || RuntimeLibraries.isCheckerReport($0.symbol) }),
           RuntimeLibraries.isSignalTrampoline(frames[handler].symbol) || !frames[...handler].contains(where: TriageClassifier.isOwnCode) {
            signalHandlerFrames = Array(frames[...handler])
            frames.removeSubrange(...handler)
        } else {
            signalHandlerFrames = []
        }
        frames = OwnCode.markingInlinedLibraryCode(frames)
        self.frames = frames
        signals = report.signals
        memorySignals = signals.filter(StopSignals.memory.contains)
        // The check is above the program's own code on the crashed thread.
        let firstOwn = frames.firstIndex(where: TriageClassifier.isOwnCode) ?? frames.endIndex
        let top = frames[..<firstOwn]
        checkFrames = top.filter { RuntimeLibraries.isIsolationCheck($0.symbol) }
        // A wait above a stopping function means the thread waits inside it
        // (`__DISPATCH_WAIT_FOR_QUEUE__` stops only on a queue the thread
        // owns; otherwise it waits for the queue): the stop is not taken.
        let firstWait = top.firstIndex { RuntimeLibraries.isWait($0.symbol) } ?? top.endIndex
        trapFrames = top[..<firstWait].filter { RuntimeLibraries.isTrapSymbol($0.symbol) }
        // Right below the abort's frames, a deallocator that stops only on its own check counts as one.
        let belowStop = trapFrames.isEmpty ? nil : top.first { !RuntimeLibraries.isTrapSymbol($0.symbol) && $0.symbol != nil }
        heapCheckFrame = trapFrames.first { frame in
            Producers.function(frame.symbol, role: .trap)?.cause == "heap-corruption"
        } ?? belowStop.flatMap { Producers.function($0.symbol, role: .checkedDeallocator) != nil ? $0 : nil }
        assumeIsolatedOnTop = top.contains { RuntimeLibraries.isAssumeIsolated($0.symbol) }
            && top.contains { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) || ($0.symbol ?? "").contains("assertionFailure") }
        namedInProse = thread?.name == TolerantReader.proseThreadName
        // Who called the queue assertion is the frame right below it; a
        // sentence names none, and an elision (`0 …assert_queue_fail`, then
        // `5 closure …`) hides it.
        dispatchAssertCaller = nil
        queueCheckCallerUnknown = false
        if !top.contains(where: { RuntimeLibraries.isSwiftExecutorCheck($0.symbol) }) {
            if let lastDispatch = frames.lastIndex(where: { RuntimeLibraries.isDispatchQueueCheck($0.symbol) }),
               lastDispatch < firstOwn || firstOwn == frames.endIndex {
                let below = lastDispatch + 1 < frames.count ? frames[lastDispatch + 1] : nil
                if namedInProse || below == nil || below!.index != frames[lastDispatch].index + 1 {
                    queueCheckCallerUnknown = true
                } else if let below, !TriageClassifier.isOwnCode(below) {
                    dispatchAssertCaller = below
                }
            } else if report.messages.contains(where: { Producers.line($0, means: .queueAssertion) }) {
                queueCheckCallerUnknown = true
            }
        }
        // A debugger marks the stopped thread, which may have stopped at a
        // breakpoint; a reader that took a pasted stack for the crashed
        // thread marked it itself, which says nothing of how it ended.
        markedCrashed = thread?.crashed == true && !report.crashMarkMayBeBreakpoint && !report.crashMarkIsInferred
        let named = top.prefix(4).filter { $0.symbol != nil }
        waitOnTop = named.first { RuntimeLibraries.isWait($0.symbol) }
        objectAccessOnTop = named.first.flatMap { RuntimeLibraries.isObjectAccess($0.symbol) ? $0 : nil }
        // Each message with what the producers' catalog says it means.
        let meanings = report.messages.map { message in (message, Set(Producers.entries(in: message).map(\.meaning))) }
        func messages(where test: (Set<MessageMeaning>) -> Bool) -> [String] { meanings.filter { test($0.1) }.map(\.0) }
        isolationMessages = messages { $0.contains(.isolationCheck) }
        legacyWarnings = messages { $0.contains(.isolationWarning) && !$0.contains(.isolationCheck) }
        queueAssertionMessages = messages { $0.contains(.queueAssertion) }
        fatalMessages = messages { $0.contains(.stop) && !$0.contains(.isolationCheck) }
        heapMessages = messages { $0.contains(.heapCorruption) || $0.contains(.badAccess) }
        diagnosticWarnings = messages { $0.contains(.diagnostic) && !$0.contains(where: \.isStop) }
        trapCause = TrapCause.of(messages: report.messages, frames: top)
        watchdogMessages = messages { $0.contains(.hang) }
        killedMessages = messages { $0.contains(.killed) }
        crashMarkers = messages { $0.contains(.crashMarker) }
        killed = signals.contains("SIGKILL") || !killedMessages.isEmpty
        signalFaultFrame = nil
        if signalTakenUnnamed, trapFrames.isEmpty, let arrived = frames.first,
           !TriageClassifier.isOwnCode(arrived), !RuntimeLibraries.isWait(arrived.symbol),
           !RuntimeLibraries.isTrapSymbol(arrived.symbol),
           !checkFrames.isEmpty || arrived.symbol.map(FrameText.isCName) == true {
            signalFaultFrame = arrived
        }
    }

    /// The crashed thread's first frames, to look at next.
    var topFrames: [StackFrame] { Array(frames.prefix(6)) }
    var isMemory: Bool {
        !memorySignals.isEmpty || !heapMessages.isEmpty || heapCheckFrame != nil || (objectAccessOnTop != nil && !isExplicitStop)
            || (signalFaultFrame != nil && !isExplicitStop)
    }

    var isHang: Bool { !watchdogMessages.isEmpty || watchdogFrame != nil }
    /// A watchdog's function on the crashed thread (XCTest's stalled-waiter abort).
    var watchdogFrame: StackFrame? { frames.prefix(12).first { Producers.function($0.symbol, role: .watchdog) != nil } }
    /// The program stopped: a trap, an abort, an arithmetic fault, or a
    /// fatal runtime message.
    var isStop: Bool {
        isExplicitStop
            // A report that marks a thread as crashed (a crashed thread, a
            // `Crashed Thread:` line) or a signal handler on it says the
            // program stopped, unless that thread sits in a wait: it cannot
            // stop itself there, so it was ended from outside while blocked
            // (a watchdog's kill).
            || ((markedCrashed || !crashMarkers.isEmpty || signalTakenUnnamed) && signals.isEmpty && !killed && waitOnTop == nil)
    }
    /// The text itself says the program stopped: a trap or abort signal, a
    /// fatal runtime message, or a function on top that only runs when it stops.
    var isExplicitStop: Bool {
        // `EXC_CRASH (SIGKILL)` wraps a kill, not an abort: the signal in the parentheses says which.
        signals.contains { StopSignals.traps.contains($0) || (StopSignals.aborts.contains($0) && !($0 == "EXC_CRASH" && killed)) || $0 == "SIGFPE" }
            || !fatalMessages.isEmpty || !isolationMessages.isEmpty || !trapFrames.isEmpty || !queueAssertionMessages.isEmpty
    }
    /// The first frame of the program's own code with a name, else any named frame.
    var firstNamedFrame: StackFrame? {
        frames.first { TriageClassifier.isOwnCode($0) && $0.symbol != nil } ?? frames.first { $0.symbol != nil }
    }
}

/// The frames a route is read from: the crashed thread's, the offender's
/// place among them, and the runtime's messages.
///
/// ```swift
/// RouteEvidence(frames: frames, offenderIndex: 5, messages: []).caller?.symbol
/// ```
struct RouteEvidence {
    var frames: [StackFrame]
    /// The first frame of the program's own code above the check.
    var offenderIndex: Int?
    var messages: [String]

    var offender: StackFrame? { offenderIndex.map { frames[$0] } }
    var offenderSymbol: String { offender?.symbol ?? "" }
    /// Frames below the offender.
    var below: ArraySlice<StackFrame> { offenderIndex.map { frames[($0 + 1)...] } ?? [] }
    /// The thunks directly below the offender.
    var thunksBelow: ArraySlice<StackFrame> { below.prefix { $0.isThunk } }
    /// The first frame below the offender that is not a thunk.
    var caller: StackFrame? { below.first { !$0.isThunk } }
    var callerName: String { caller.map { "`\($0.displayName)`" } ?? "the code below it" }
}
