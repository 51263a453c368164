import Foundation
import ProbeSupport

/// Reads crash reports and says what happened: the entry point of the
/// triage library.
///
/// ```swift
/// let triage = CrashTriage()                      // demangles with `swift demangle`
/// let diagnosis = try await triage.triage(data, source: "MyApp-2026-01-01.ips")
/// print(TriageTextRenderer().render([diagnosis]))
/// ```
public struct CrashTriage: Sendable {
    /// Demangles the report's mangled names, in one request per report.
    public var demangler: any Demangler

    /// Seconds one report may take to read; a report over it is refused
    /// (``TriageInputError/overTimeLimit(source:seconds:)``) and the others
    /// are still triaged.
    public var timeLimit: Double

    /// The default ``timeLimit``: generous; a 20 MB log reads in about a
    /// second in a release build, but tens of seconds in a debug build.
    public static let defaultTimeLimit: Double = 60

    /// Creates a triage that demangles with `demangler`.
    ///
    /// ```swift
    /// CrashTriage(demangler: NoDemangler(reason: "demangling off"))
    /// ```
    public init(demangler: any Demangler = SwiftDemangleTool(), timeLimit: Double = CrashTriage.defaultTimeLimit) {
        self.demangler = demangler
        self.timeLimit = timeLimit
    }

    /// Triage of the bytes of one report; throws when they are empty,
    /// binary or too large to be a report.
    ///
    /// ```swift
    /// try await CrashTriage().triage(Data("Fatal error: Index out of range".utf8), source: "<stdin>").verdict  // .otherTrap
    /// ```
    public func triage(_ data: Data, source: String) async throws(TriageInputError) -> Diagnosis {
        let text = try PastedText.decode(data, source: source)
        Producers.prepare()
        // On a thread of its own: with a large stack for deep input, and
        // abandoned (left to finish, its result dropped) past the limit.
        switch LargeStackThread.run(budget: .seconds(timeLimit), { CrashReportReader.read(text) }) {
        case .finished(let report): return await diagnose(report, source: source)
        case .overBudget: throw .overTimeLimit(source: source, seconds: timeLimit)
        case .noThread(let reason): throw .unreadable(source: source, reason: reason)
        }
    }

    /// One diagnosis per crash the bytes hold (``CrashReportReader/crashes(in:)``):
    /// a text with two crashes pasted in it gives two, their sources marked
    /// `crash 1 of 2` …; throws as ``triage(_:source:)`` does.
    ///
    /// ```swift
    /// try await CrashTriage().triageEach(Data(twoReports.utf8), source: "thread.txt").count   // 2
    /// ```
    public func triageEach(_ data: Data, source: String) async throws(TriageInputError) -> [Diagnosis] {
        let text = try PastedText.decode(data, source: source)
        Producers.prepare()
        let pieces = CrashReportReader.crashes(in: text)
        switch LargeStackThread.run(budget: .seconds(timeLimit), { pieces.map(CrashReportReader.read) }) {
        case .finished(let reports):
            var diagnoses: [Diagnosis] = []
            for (number, report) in reports.enumerated() {
                let name = reports.count == 1 ? source : "\(source) (crash \(number + 1) of \(reports.count))"
                diagnoses.append(await diagnose(report, source: name))
            }
            return diagnoses
        case .overBudget: throw .overTimeLimit(source: source, seconds: timeLimit)
        case .noThread(let reason): throw .unreadable(source: source, reason: reason)
        }
    }

    /// Triage of one report's text.
    ///
    /// ```swift
    /// await CrashTriage().triage(text: "*** Program crashed: Illegal instruction at 0x1 ***", source: "ci.log").verdict  // .unknown
    /// ```
    public func triage(text: String, source: String) async -> Diagnosis {
        await diagnose(CrashReportReader.read(text), source: source)
    }

    private func diagnose(_ report: CrashReport?, source: String) async -> Diagnosis {
        var report = report
        var demanglerNote: String?
        if var read = report {
            demanglerNote = await demangleSymbols(in: &read)
            report = read
        }
        var diagnosis = TriageClassifier.diagnose(report, source: source)
        if let demanglerNote { diagnosis.notes.append(demanglerNote) }
        return diagnosis
    }

    /// Replaces mangled symbols with their demangled forms; returns the
    /// demangler's note when names were left mangled.
    private func demangleSymbols(in report: inout CrashReport) async -> String? {
        var mangled: [String] = []
        var seen: Set<String> = []
        for thread in report.threads {
            for frame in thread.frames {
                if let symbol = frame.symbol, MangledNames.isMangled(symbol), seen.insert(symbol).inserted {
                    mangled.append(symbol)
                }
            }
        }
        guard !mangled.isEmpty else { return nil }
        let answer = await demangler.demangle(mangled)
        for threadIndex in report.threads.indices {
            for frameIndex in report.threads[threadIndex].frames.indices {
                let frame = report.threads[threadIndex].frames[frameIndex]
                guard let symbol = frame.symbol, let readable = answer.names[symbol] else { continue }
                report.threads[threadIndex].frames[frameIndex].symbol = readable
                report.threads[threadIndex].frames[frameIndex].mangledSymbol = symbol
                report.threads[threadIndex].frames[frameIndex].isThunk =
                    frame.isThunk || StackFrame.isThunkSymbol(readable)
            }
        }
        return answer.note
    }
}
