import ArgumentParser
import Foundation
import IsolationCatalog
import IsolationLint
import IsolationTriage
import ProbeCommandLine
import ProbeProcess
import ProbeSupport

/// `isolation-probe triage`: reads crash reports a user already has and says
/// whether the runtime's isolation check stopped the program, who ran where,
/// and which catalog case shows the route.
///
/// ```
/// isolation-probe triage MyApp-2026-11-23-101500.ips
/// pbpaste | isolation-probe triage --format json
/// isolation-probe triage crash.txt --sources Sources
/// ```
///
/// Exit status: 0 when every report was triaged, 1 when one could not be
/// classified (`unknown`), 2 for unreadable input or bad usage.
struct TriageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triage",
        abstract: "Diagnose crash reports you already have: isolation trap or not, the offender, the route.",
        discussion: """
            Reads Swift runtime backtraces (Linux, or SWIFT_BACKTRACE on macOS) and the runtime's JSON crash \
            files (SWIFT_BACKTRACE=enable=yes,format=json,output-to=DIR; give DIR to triage each), sanitizer reports, lldb \
            `bt` / `thread backtrace all`, Apple .ips files and text crash reports (.crash, Xcode Organizer, \
            crash services), and the console lines around a crash. Pasted text may be quoted (`> `), \
            indented or wrapped. Mangled names are demangled with `swift demangle` from PATH.
            Verdicts: isolation-trap (the runtime's executor check stopped the program), other-trap \
            (a precondition, force unwrap, bounds check … that merely looks like one), memory-corruption, \
            hang, not-a-crash, unknown; each with the lines it rests on. For an isolation trap: the \
            offender, the executor it expected, its callers and queue, and the catalog case(s) of the \
            likely route with their explanation and fix.
            With --sources DIR, DIR is linted and the findings naming the frames' types and members are \
            listed first; when DIR is in a package, its targets' settings (swift package dump-package) \
            name the setting that made the route possible (default isolation, isolated conformances, \
            NonisolatedNonsendingByDefault), otherwise the settings to look for are listed.
            Exit status: 0 every report triaged, 1 a report could not be classified (unknown), \
            2 unreadable input or bad usage.
            """
    )

    @Argument(help: "Crash report files, or folders whose files are each a report (such as SWIFT_BACKTRACE's output-to folder); standard input when none is given or for `-`.")
    var files: [String] = []

    @Option(help: "Output format: text or json.")
    var format: TextOrJSONFormat = .text

    @Option(name: [.customLong("sources"), .customLong("package")],
            help: "Lint this folder (a package's or any sources) and rank the findings that name the crash's types and members first; follow the offending closure to where it was stored.")
    var sources: String?

    @Option(help: "Seconds one report may take to read before it is skipped as unreadable (default \(Int(CrashTriage.defaultTimeLimit))).")
    var timeLimit: Double = CrashTriage.defaultTimeLimit

    @Option(name: .long, help: "Cache folder for the catalog (default: $ISOLATION_PROBE_CACHE_DIR, else $XDG_CACHE_HOME/isolation-probe, else ~/.cache/isolation-probe).")
    var cacheDir: String?

    func validate() throws {
        if cacheDir?.isEmpty == true { throw ValidationError("--cache-dir needs a folder; an empty path would mean the current directory") }
        guard timeLimit.isFinite, timeLimit >= 0.001, timeLimit <= 86_400 else {
            throw ValidationError("--time-limit must be a number of seconds from 0.001 to 86400, not \(timeLimit)")
        }
        if let sources {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sources, isDirectory: &isDirectory) else {
                throw ValidationError("--sources \(sources): no such file or folder")
            }
        }
    }

    func run() async throws {
        let hints = try lintHints()
        var join: TriageSourceJoin?
        if let hints, let sources { join = TriageSourceJoin(tracer: try ClosureFlowTracer(paths: [sources]), hints: hints) }
        let triage = CrashTriage(timeLimit: timeLimit)
        let packageSettings = await readPackageSettings()
        let notes = caseNotes()
        let text = TriageTextRenderer(caseNotes: notes)
        var outcomes: [TriageOutcome] = []
        for source in Self.expandingFolders(files.isEmpty ? ["-"] : files) {
            var made: [TriageOutcome] = []
            do {
                let diagnoses = try await triage.triageEach(try Self.read(source, within: timeLimit), source: source == "-" ? "<stdin>" : source)
                for var diagnosis in diagnoses {
                    if let hints { diagnosis.sourceMatches = SourceMatch.rank(hints, for: diagnosis) }
                    diagnosis.closureJoins = join?.joins(for: diagnosis)
                    diagnosis.routeSettings = diagnosis.isolation.flatMap { RouteSettings(for: $0, package: packageSettings, sourcesRoot: sources) }
                    made.append(.diagnosed(diagnosis))
                }
            } catch {
                made.append(.failed(error))
            }
            // Text is written as each input is done, so one slow input (a
            // FIFO waiting for its writer) holds back only what follows it.
            if format == .text, !made.isEmpty {
                let blocks = made.map { text.render([$0]) }.joined(separator: "\n")
                FileHandle.standardOutput.write(Data(((outcomes.isEmpty ? "" : "\n") + blocks).utf8))
            }
            outcomes += made
        }
        if format == .json { print(TriageJSONRenderer(caseNotes: notes).render(outcomes), terminator: "") }
        if outcomes.contains(where: { if case .failed = $0 { true } else { false } }) { throw ExitCode(2) }
        if outcomes.contains(where: { if case .diagnosed(let diagnosis) = $0 { diagnosis.verdict == .unknown } else { false } }) {
            throw ExitCode(1)
        }
    }

    /// The reports `arguments` name: a folder stands for every file directly
    /// in it (hidden files and sub-folders left out), in name order, so
    /// `triage DIR` triages each crash file the runtime wrote there. A folder
    /// with no such file stays, for ``read(_:)`` to refuse by name.
    static func expandingFolders(_ arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            let folder = BytePath(shown: argument)
            guard argument != "-", folder.isFolder, let names = try? folder.entries() else { return [argument] }
            let files = names.filter { !$0.hasPrefix(".") }.sorted()
                .map { (argument.hasSuffix("/") ? argument : argument + "/") + $0 }
                .filter { path in BytePath(shown: path).exists && !BytePath(shown: path).isFolder }
            return files.isEmpty ? [argument] : files
        }
    }

    /// ``read(_:)`` within the per-report time limit, for named inputs: a
    /// FIFO whose writer never comes, or never finishes, is skipped with
    /// ``TriageInputError/overTimeLimit(source:seconds:)`` and the reports
    /// after it still get their verdicts. Standard input has no limit: a
    /// person may be pasting into it.
    static func read(_ source: String, within seconds: Double) throws(TriageInputError) -> Data {
        if source == "-" { return try read(source) }
        let outcome = LargeStackThread.run(budget: .seconds(seconds)) { () -> Result<Data, TriageInputError> in
            do throws(TriageInputError) { return .success(try read(source)) } catch { return .failure(error) }
        }
        switch outcome {
        case .finished(let result): return try result.get()
        case .overBudget: throw .overTimeLimit(source: source, seconds: seconds)
        case .noThread: return try read(source)
        }
    }

    /// The bytes of `source` (a path, or `-` for standard input), refusing
    /// more than ``PastedText/maximumBytes``. Regular files, pipes, FIFOs
    /// (`isolation-probe triage <(journalctl -b)`) and devices are all read
    /// the same way, as a stream; a regular file's size is checked first.
    /// A path is opened by its bytes (``BytePath``), whatever its name.
    static func read(_ source: String) throws(TriageInputError) -> Data {
        if source == "-" { return try readToEnd(FileHandle.standardInput, named: "<stdin>") }
        let path = BytePath(shown: source)
        guard let status = try? path.status() else {
            throw .unreadable(source: source, reason: FileProblem.unreachable(source))
        }
        if status.st_mode & S_IFMT == S_IFDIR { throw .unreadable(source: source, reason: "a folder with no report file in it") }
        if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > PastedText.maximumBytes {
            throw .tooLarge(source: source, bytes: Int(status.st_size), limit: PastedText.maximumBytes)
        }
        let handle: FileHandle
        do { handle = FileHandle(fileDescriptor: try path.open(O_RDONLY), closeOnDealloc: true) } catch {
            throw .unreadable(source: source, reason: error.code == EACCES ? "permission denied" : error.description)
        }
        defer { try? handle.close() }
        return try readToEnd(handle, named: source)
    }

    /// Reads `handle` to its end in chunks, stopping with `.tooLarge` as
    /// soon as more than ``PastedText/maximumBytes`` arrived.
    private static func readToEnd(_ handle: FileHandle, named source: String) throws(TriageInputError) -> Data {
        let limit = PastedText.maximumBytes
        var data = Data()
        while data.count <= limit {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw .unreadable(source: source, reason: FileProblem.reason(error))
            }
            guard let chunk, !chunk.isEmpty else { return data }
            data.append(chunk)
        }
        throw .tooLarge(source: source, bytes: data.count, limit: limit)
    }

    /// The catalog's explanations and fixes by catalog number; without a
    /// catalog (an unwritable cache) the routes are still named.
    private func caseNotes() -> [String: CaseNote] {
        let cacheDirectory = cacheDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Toolchain.defaultCacheDirectory()
        do {
            let catalog = try CaseCatalog.embedded(in: cacheDirectory)
            return Dictionary(catalog.cases.map { probeCase in
                let manifest = probeCase.manifest
                return (manifest.catalog, CaseNote(id: manifest.catalog, title: manifest.title,
                                                   explanation: manifest.explanation, fix: manifest.fix))
            }, uniquingKeysWith: { first, _ in first })
        } catch {
            FileHandle.standardError.write(Data("isolation-probe triage: catalog unavailable (\(error.description)); routes are named without their explanations\n".utf8))
            return [:]
        }
    }

    /// `--sources`: the settings of the package the folder belongs to, to
    /// name those that make a route possible; nil (with a note) when the
    /// folder is in no package or its manifest cannot be read.
    private func readPackageSettings() async -> PackageConcurrencySettings? {
        guard let sources, let root = RouteSettings.packageRoot(around: sources) else { return nil }
        do throws(PackageConcurrencySettings.Failure) {
            return try await PackageConcurrencySettings.read(packageAt: root)
        } catch {
            FileHandle.standardError.write(Data("isolation-probe triage: --sources: settings not read: \(error.description)\n".utf8))
            return nil
        }
    }

    /// `--sources`: the lint findings as triage sees them.
    private func lintHints() throws -> [SourceHint]? {
        guard let sources else { return nil }
        do {
            let report = try LintEngine().lint(paths: [sources])
            for file in report.skippedFiles {
                FileHandle.standardError.write(Data("isolation-probe triage: --sources: skipped \(file.path): \(file.reason)\n".utf8))
            }
            return report.findings.map { finding in
                SourceHint(file: finding.file, line: finding.line, column: finding.column,
                           rule: finding.rule.rawValue, message: finding.message, fix: finding.fix)
            }
        } catch LintEngine.Failure.nothingReadable(let skipped) {
            // Files lint skips (too deep, over its time limit) cost the
            // hints, never the triage.
            let reasons = skipped.map { "\($0.path) (\($0.reason))" }.joined(separator: "; ")
            FileHandle.standardError.write(Data("isolation-probe triage: --sources \(sources): no file could be linted: \(reasons)\n".utf8))
            return []
        } catch let failure as LintEngine.Failure {
            throw ValidationError("--sources \(sources): \(failure.description)")
        }
    }
}
