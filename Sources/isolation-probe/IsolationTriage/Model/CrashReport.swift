/// What a parser read out of one crash report, before any judgement.
///
/// ```swift
/// let report = try CrashReportReader.read(text)
/// report.format              // .lldb
/// report.crashedThread?.queue // "com.apple.root.default-qos"
/// report.stopReason           // "EXC_BREAKPOINT (code=1, subcode=0x101bd43f8)"
/// ```
public struct CrashReport: Sendable, Hashable, Codable {
    /// The format the text was recognised as.
    public var format: CrashReportFormat
    /// Every thread the report lists (possibly just the crashed one).
    public var threads: [CrashThread]
    /// The report's own words for why the program stopped: the backtracer's
    /// headline, lldb's `stop reason`, the exception type and signal.
    public var stopReason: String?
    /// The signal or Mach exception, normalised (`SIGILL`, `SIGTRAP`,
    /// `EXC_BREAKPOINT`, `EXC_BAD_ACCESS` …), when the report names one.
    public var signals: [String]
    /// Lines that say something about the crash outside the frames
    /// (`Fatal error: …`, "Incorrect actor executor assumption …", libdispatch's
    /// "BUG IN CLIENT" message, legacy-mode warnings, watchdog terminations).
    public var messages: [String]
    /// Problems met while reading: truncation, a thread whose frames could
    /// not all be read, a JSON body that had to be read leniently.
    public var readingNotes: [String]
    /// Whether the thread marked crashed may only be the one a debugger
    /// stopped in (lldb marks it at a breakpoint too), so the mark alone does
    /// not say the program stopped.
    public var crashMarkMayBeBreakpoint: Bool
    /// Whether the crashed mark is the reader's own inference (a stack
    /// pasted without a thread header is taken as the crashed thread's),
    /// not a crash reporter's or debugger's statement.
    public var crashMarkIsInferred = false
    /// Whether the text's prose says the program hangs, freezes or deadlocks.
    public var saysItHangs = false
    /// The operating system and machine the report names
    /// (`Linux (Debian GNU/Linux 12 (bookworm))`), when it does.
    public var platform: String?
    /// Code the text names outside its frames (a backticked function, an
    /// Objective-C method, `File.swift line 147` in a sentence): the
    /// offender's last resort, said as such.
    public var mentionedCode: [StackFrame] = []
    /// How complete the text was, when a reader says
    /// (`fragment: 4 frame(s) in 4 line(s), no header`).
    public var completeness: String?

    /// Creates a report record.
    ///
    /// ```swift
    /// CrashReport(format: .console, messages: ["Fatal error: Index out of range"])
    /// ```
    public init(
        format: CrashReportFormat, threads: [CrashThread] = [], stopReason: String? = nil,
        signals: [String] = [], messages: [String] = [], readingNotes: [String] = [],
        crashMarkMayBeBreakpoint: Bool = false, platform: String? = nil
    ) {
        self.format = format
        self.threads = threads
        self.stopReason = stopReason
        self.signals = signals
        self.messages = messages
        self.readingNotes = readingNotes
        self.crashMarkMayBeBreakpoint = crashMarkMayBeBreakpoint
        self.platform = platform
    }

    /// Takes a report's one stack, pasted without a thread line that marks
    /// it, as the crashed thread's, as people paste it; at a breakpoint it
    /// stays unmarked. The mark is recorded as inferred
    /// (``crashMarkIsInferred``): it says nothing of how the program ended.
    ///
    /// ```swift
    /// report.inferCrashedStack(stoppedAtBreakpoint: false)
    /// report.crashedThread?.name   // "pasted frames"
    /// ```
    public mutating func inferCrashedStack(stoppedAtBreakpoint: Bool) {
        guard threads.count == 1, !threads[0].frames.isEmpty, !threads[0].crashed else { return }
        threads[0].crashed = !stoppedAtBreakpoint
        crashMarkIsInferred = true
    }

    /// The thread the report marks as crashed (of several so marked, the
    /// first with frames: a crash service may print an empty `Crashed:`
    /// header above the one with the stack); the only thread when there is
    /// one; nil when the report has several and marks none.
    ///
    /// ```swift
    /// report.crashedThread?.name   // "Thread 3"
    /// ```
    public var crashedThread: CrashThread? {
        threads.first { $0.crashed && !$0.frames.isEmpty } ?? threads.first(where: \.crashed)
            ?? (threads.count == 1 ? threads[0] : nil)
    }
}
