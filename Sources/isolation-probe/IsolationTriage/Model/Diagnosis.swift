/// Triage's answer for one report.
///
/// ```swift
/// let diagnosis = await CrashTriage().triage(text: report, source: "crash.txt")
/// diagnosis.verdict                    // .isolationTrap
/// diagnosis.isolation?.offender?.symbol // "closure #1 in FalsePositivesApp.init()"
/// diagnosis.isolation?.route?.caseIDs   // ["1", "2", "3"]
/// ```
public struct Diagnosis: Sendable, Hashable, Codable {
    /// The file name, or `<stdin>`.
    public var source: String
    /// How firmly the text supports the verdict.
    public var confidence: TriageConfidence = .high
    /// When ``confidence`` is not high: what in a fuller text would decide
    /// the verdict (the frames to paste, the line to look for).
    public var decidedBy: String?
    /// The format the report was read as; nil when nothing was recognised.
    public var format: CrashReportFormat?
    /// The conclusion.
    public var verdict: TriageVerdict
    /// One sentence saying what happened.
    public var summary: String
    /// The report's lines and facts the verdict rests on.
    public var evidence: [String]
    /// The crashed thread's name and queue as the report gives them.
    public var crashedThread: String?
    /// The operating system the report names, when it does (the runtime's
    /// JSON crash file does).
    public var platform: String?
    /// For an isolation trap (or a legacy-mode warning): who ran where, and why.
    public var isolation: IsolationFinding?
    /// The specific cause, when the text names one (`force-unwrap`,
    /// `exclusivity`, `queue-deadlock`, `logging-mode-warning` …).
    public var cause: String?
    /// The user's code to look at, for every verdict: the innermost frame of
    /// the program's own code above the check or trap, else the function or
    /// place a runtime message names, else code the text's prose names.
    public var offender: StackFrame?
    /// What ``offender`` rests on, in words.
    public var offenderBasis: String?
    /// How complete the input was (`fragment: 4 frame(s) in 4 line(s), no header`,
    /// `report: 3 thread(s), 12 frame(s) on the crashed thread, header`).
    public var input: String?
    /// For other verdicts: the crashed thread's first frames, to look at next.
    public var topFrames: [StackFrame]
    /// How the report was read: damaged parts, names left mangled.
    public var notes: [String]
    /// Lint findings about the user's sources, those naming the frames'
    /// types and members first (filled when the caller lints sources).
    public var sourceMatches: [SourceMatch] = []
    /// The offending closure followed through the user's sources to the
    /// storage it reached (filled when the caller has the sources; one per
    /// function the offender's name fits).
    public var closureJoins: [ClosureJoin]?
    /// The build settings that make the trap's route possible (``RouteSettings``).
    public var routeSettings: RouteSettings?

    /// Creates a diagnosis.
    ///
    /// ```swift
    /// Diagnosis(source: "<stdin>", verdict: .unknown, summary: "nothing recognised")
    /// ```
    public init(
        source: String, format: CrashReportFormat? = nil, verdict: TriageVerdict, summary: String,
        evidence: [String] = [], crashedThread: String? = nil, isolation: IsolationFinding? = nil,
        topFrames: [StackFrame] = [], notes: [String] = []
    ) {
        self.source = source
        self.format = format
        self.verdict = verdict
        self.summary = summary
        self.evidence = evidence
        self.crashedThread = crashedThread
        self.isolation = isolation
        self.topFrames = topFrames
        self.notes = notes
    }
}

/// The isolation facts of a report: the offender, what it expected, who
/// called it, and the likely route.
///
/// ```swift
/// finding.offender?.location   // "UncheckedBox.swift:35"
/// finding.expectedExecutor     // "MainActor"
/// finding.callers.map(\.displayName)   // ["closure #1 in ContentView.userPressedTheButton()"]
/// ```
public struct IsolationFinding: Sendable, Hashable, Codable {
    /// The first frame of the program's own code above the check: the
    /// closure or function that ran on the wrong executor.
    public var offender: StackFrame?
    /// The executor it expected, when the report shows it (or, marked by
    /// ``expectedExecutorIsInferred``, what the check's frames imply).
    public var expectedExecutor: String?
    /// Whether ``expectedExecutor`` was inferred from the check's frames
    /// rather than read from a message that names it.
    public var expectedExecutorIsInferred: Bool
    /// The next frames of the program's own code below the offender.
    public var callers: [StackFrame]
    /// The queue the crashed thread was running.
    public var queue: String?
    /// The likely route, mapped to the catalog.
    public var route: IsolationRoute?
    /// What started the thread the offender ran on, when the frames below
    /// it show (`a Foundation `Thread``).
    public var ranOn: String?

    /// Creates a finding.
    ///
    /// ```swift
    /// IsolationFinding(offender: nil, expectedExecutor: "MainActor")
    /// ```
    public init(
        offender: StackFrame?, expectedExecutor: String? = nil, expectedExecutorIsInferred: Bool = false,
        callers: [StackFrame] = [], queue: String? = nil, route: IsolationRoute? = nil
    ) {
        self.offender = offender
        self.expectedExecutor = expectedExecutor
        self.expectedExecutorIsInferred = expectedExecutorIsInferred
        self.callers = callers
        self.queue = queue
        self.route = route
    }
}
