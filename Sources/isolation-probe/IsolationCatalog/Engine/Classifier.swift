import Foundation
import IsolationTriage
import ProbeProcess

/// One stack frame from the Swift runtime's crash backtrace.
package struct BacktraceFrame: Sendable, Hashable, Codable {
    package var index: Int
    package var symbol: String
    package var image: String
    /// `File.swift:LINE[:COLUMN]`, when the backtracer knew it.
    package var location: String?
    package var isThunk: Bool
}

/// Turns what a child printed into an ``Outcome`` plus the evidence that
/// justifies it.
///
/// ```swift
/// let verdict = Classifier.classifyRun(result)
/// verdict.outcome   // .isolationTrap
/// verdict.evidence  // ["signal 4 (SIGILL)", "frame: _dispatch_assert_queue_fail", …]
/// ```
package enum Classifier {
    /// Symbols and messages that only appear when the runtime's actor
    /// isolation check stops a program.
    package static let isolationMarkers = [
        "dispatch_assert_queue",
        "swift_task_isCurrentExecutor",
        "_checkExpectedExecutor",
        "checkIsolated",
        "Incorrect actor executor assumption",
        "swift_task_reportUnexpectedExecutor",
        "data race detected",
    ]

    package struct Verdict: Sendable {
        package var outcome: Outcome
        package var evidence: [String]
        /// The first frame of the program's own code under the isolation
        /// check: the closure or function that ran on the wrong executor.
        package var offender: BacktraceFrame?
    }

    package static func classifyCompileFailure(_ compile: CompileResult) -> Verdict {
        let count = compile.errors.count
        let evidence = count == 0
            ? "swiftc failed without an error line (see the cache folder's diagnostics.txt)"
            : "swiftc rejected the program with \(count) error(s)"
        return Verdict(outcome: .compileError, evidence: [evidence], offender: nil)
    }

    package static func classifyRun(_ run: ChildProcess.Result) -> Verdict {
        let combined = run.standardError + "\n" + run.standardOutput
        var evidence: [String] = []
        // A race report is the verdict even when the child went on to hang
        // or flood: a racy program may corrupt itself after TSan has spoken.
        let tsanLines = lines(of: combined).filter { $0.contains("ThreadSanitizer: data race") }
        if !tsanLines.isEmpty {
            evidence.append(run.timedOut
                ? "killed after the time limit (\(format(run.duration))), after ThreadSanitizer's report"
                : run.flooded ? "killed after printing more than the output limit, after ThreadSanitizer's report"
                : run.termination.description)
            evidence += unique(tsanLines.map(CompileResult.shortenPath)).prefix(3)
            return Verdict(outcome: .dataRace, evidence: evidence, offender: nil)
        }
        if run.timedOut {
            evidence.append("killed after the time limit (\(format(run.duration))); no exit on its own")
            return Verdict(outcome: .timeout, evidence: evidence, offender: nil)
        }
        if run.flooded {
            evidence.append("killed after printing more than the output limit")
            return Verdict(outcome: .flood, evidence: evidence, offender: nil)
        }
        evidence.append(run.termination.description)
        if run.termination == .exited(0) {
            return Verdict(outcome: .clean, evidence: evidence, offender: nil)
        }
        let frames = parseFrames(run.standardError)
        evidence += lines(of: combined).filter { line in
            line.hasPrefix("*** Program crashed") || line.contains("Fatal error") || line.contains("fatal error")
                || line.contains("ERROR: ThreadSanitizer") || line.contains("ERROR: AddressSanitizer")
        }.prefix(3)
        let markerFrames = frames.filter { frame in isolationMarkers.contains { frame.symbol.contains($0) } }
        let messageHit = isolationMarkers.first { combined.contains($0) }
        guard !markerFrames.isEmpty || messageHit != nil else {
            if let top = frames.first { evidence.append("top frame: \(top.symbol)") }
            return Verdict(outcome: .otherTrap, evidence: evidence, offender: nil)
        }
        if !markerFrames.isEmpty {
            evidence.append("frames: " + markerFrames.map(\.symbol).joined(separator: " ← "))
        } else if let messageHit {
            evidence.append("message: \(messageHit)")
        }
        let offender = offender(in: frames)
        if offender == nil { evidence.append(Self.noOwnFrame) }
        return Verdict(outcome: .isolationTrap, evidence: evidence, offender: offender)
    }

    /// Said when the crashed thread holds none of the program's own frames:
    /// the backtracer does not always unwind into an async function that
    /// called the check (case 21a), and no runtime frame is named instead.
    package static let noOwnFrame = "offender: no frame of the program's own code on the crashed thread"

    /// The first frame, from the top of the crashed thread, that is the
    /// program's own code: triage's rule (`OwnCode`), so a catalog run and
    /// a triaged report name the same frame. Runtime and system libraries
    /// (libswiftDispatch's `_dispatchPreconditionTest` included), the C
    /// entry point `main`, thunks other than a protocol witness (where a
    /// @preconcurrency conformance's check lives) and `assumeIsolated` are
    /// plumbing.
    package static func offender(in frames: [BacktraceFrame]) -> BacktraceFrame? {
        frames.first { frame in
            OwnCode.isOwn(symbol: frame.symbol, image: frame.image, isThunk: frame.isThunk, isSystem: false)
        }
    }

    /// Parses the Swift runtime backtracer's frames, e.g.
    /// `  5 [ra] [system] 0x000… closure #1 in Host.init() + 167 in prog at /p/File.swift:35:9`,
    /// and the sanitizers' deadly-signal frames, e.g.
    /// `    #5 $s4Prog4HostCACycfcySScfU_ /p/File.swift:35:9 (prog+0xfda81) (BuildId: …)`.
    package static func parseFrames(_ text: String) -> [BacktraceFrame] {
        lines(of: text).compactMap { line in
            line.hasPrefix("#") ? parseSanitizerFrame(line) : parseBacktracerFrame(line)
        }
    }

    private static func parseBacktracerFrame(_ line: String) -> BacktraceFrame? {
        var rest = Substring(line)
        guard let indexEnd = rest.firstIndex(of: " "), let index = Int(rest[..<indexEnd]) else { return nil }
        rest = rest[indexEnd...].drop { $0 == " " }
        var isThunk = false
        while rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { break }
            if rest[rest.startIndex...close] == "[thunk]" { isThunk = true }
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        guard rest.hasPrefix("0x"), let addressEnd = rest.firstIndex(of: " ") else { return nil }
        rest = rest[addressEnd...].drop { $0 == " " }
        var location: String?
        if let at = rest.range(of: " at ", options: .backwards) {
            location = rest[at.upperBound...].split(separator: "/").last.map(String.init)
            rest = rest[..<at.lowerBound]
        }
        guard let inRange = rest.range(of: " in ", options: .backwards) else { return nil }
        let image = String(rest[inRange.upperBound...])
        var symbol = rest[..<inRange.lowerBound]
        if let plus = symbol.range(of: " + ", options: .backwards), symbol[plus.upperBound...].allSatisfy(\.isNumber) {
            symbol = symbol[..<plus.lowerBound]
        }
        if location == "<compiler-generated>" { location = nil }
        return BacktraceFrame(index: index, symbol: String(symbol), image: image, location: location,
                              isThunk: isThunk || symbol.hasPrefix("thunk for"))
    }

    private static func parseSanitizerFrame(_ line: String) -> BacktraceFrame? {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 4, let index = Int(parts[0].dropFirst()) else { return nil }
        var symbol = String(parts[1])
        var field = 2
        // The symbolizer sometimes prints `0xADDR in symbol`.
        if symbol.hasPrefix("0x"), parts.count > 4, parts[2] == "in" {
            symbol = String(parts[3])
            field = 4
        }
        let file = String(parts[field])
        guard let imagePart = parts.first(where: { $0.hasPrefix("(") && $0.contains("+0x") }) else { return nil }
        let image = String(imagePart.dropFirst().prefix { $0 != "+" })
        var location: String? = file.split(separator: "/").last.map(String.init)
        if file == "<null>" || file.hasSuffix("<compiler-generated>") || !(location?.contains(".swift") ?? false) {
            location = nil
        }
        // Mangled Swift thunks and partial-application forwarders end in TR/TA.
        let isThunk = file.hasSuffix("<compiler-generated>") || symbol.hasSuffix("TA") || symbol.hasSuffix("TR")
        return BacktraceFrame(index: index, symbol: symbol, image: image, location: location, isThunk: isThunk)
    }

    /// Lines the legacy executor mode prints instead of trapping, e.g.
    /// `warning: data race detected: @MainActor function at M/File.swift:35 was not called on the main thread`.
    package static func legacyReports(in text: String) -> [String] {
        unique(lines(of: text).filter { $0.contains("data race detected") })
    }

    package static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    package static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    package static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.1fs", seconds)
    }
}
