import Dispatch
import Foundation
import ProbeSupport
import Synchronization

/// Runs every lint rule over a set of Swift files treated as one program, so
/// aliases, extensions and conformances in one file inform findings in another.
///
/// ```swift
/// let report = try LintEngine().lint(paths: ["Sources"])
/// for finding in report.findings { print(finding.file, finding.line, finding.rule.rawValue) }
/// ```
package struct LintEngine {
    /// Why linting could not start.
    package enum Failure: Error, CustomStringConvertible {
        case missingPath(String)
        case noSwiftFiles([String])
        case nothingReadable([LintReport.SkippedFile])

        package var description: String {
            switch self {
            case .missingPath(let path): return SwiftSourceFiles.MissingPath(path: path).description
            case .noSwiftFiles(let paths): return "no .swift files under \(paths.joined(separator: ", "))"
            case .nothingReadable(let skipped):
                return "no file could be read: " + skipped.map { "\($0.path) (\($0.reason))" }.joined(separator: "; ")
            }
        }
    }

    /// The rules' settings (from `.isolation-probe.json` and the command line).
    package var configuration: LintConfiguration
    /// The linted targets' build settings, which findings are explained by.
    package var settings: ProjectSettings

    package init(configuration: LintConfiguration = LintConfiguration(), settings: ProjectSettings = ProjectSettings()) {
        self.configuration = configuration
        self.settings = settings
    }

    /// This engine with the settings of the targets holding `sources`
    /// (their manifests read, the configuration's `targets` applied).
    func readingSettings(for sources: [ParsedSource]) -> LintEngine {
        LintEngine(
            configuration: configuration,
            settings: ProjectSettings.read(forFiles: sources.map(\.path), configuration: configuration))
    }

    /// Lints the `.swift` files at `paths` (files, or directories searched recursively).
    package func lint(paths: [String]) throws -> LintReport {
        let start = ContinuousClock.now
        let (sources, skipped) = try load(paths: paths)
        var report = readingSettings(for: sources).lint(sources: sources)
        report.skippedFiles = skipped
        report.seconds = Self.seconds(ContinuousClock.now - start)
        return report
    }

    /// Reads and parses the files at `paths`, on all cores; files that cannot
    /// be read (permissions, not UTF-8, not a regular file, too large), nest
    /// too deep or take longer than the configuration's time limit are
    /// skipped and named.
    func load(paths: [String]) throws -> (sources: [ParsedSource], skipped: [LintReport.SkippedFile]) {
        var unlisted: [SwiftSourceFiles.UnlistedFolder] = []
        let files = try Self.swiftFiles(at: paths, unlisted: &unlisted).filter(configuration.includes)
        let unlistedFolders = unlisted.map { LintReport.SkippedFile(path: $0.path, reason: "cannot list the folder: \($0.reason)") }
        guard !files.isEmpty else {
            throw unlistedFolders.isEmpty ? Failure.noSwiftFiles(paths) : Failure.nothingReadable(unlistedFolders)
        }
        let results = Mutex<[Int: Result<ParsedSource, LintReport.SkippedFile>]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count) { position in
            let outcome = Self.read(files[position]).flatMap { text in
                Self.parse(text, path: files[position], timeLimit: configuration.fileTimeLimit)
            }
            results.withLock { $0[position] = outcome }
        }
        var sources: [ParsedSource] = []
        var skipped = unlistedFolders
        results.withLock { results in
            for position in files.indices {
                switch results[position] {
                case .success(let source): sources.append(source)
                case .failure(let failure): skipped.append(failure)
                case nil: break
                }
            }
        }
        guard !sources.isEmpty else { throw Failure.nothingReadable(skipped) }
        return (sources, skipped)
    }

    /// The text of `file`, or why it cannot be linted.
    static func read(_ file: String) -> Result<String, LintReport.SkippedFile> {
        // Reading a FIFO or a device would block or never end.
        let path = BytePath(shown: file)
        let descriptor: Int32
        do throws(BytePath.Failure) {
            let status = try path.status()
            guard status.st_mode & S_IFMT == S_IFREG else {
                return .failure(.init(path: file, reason: "not a regular file"))
            }
            guard Int(status.st_size) <= maximumFileSize else {
                return .failure(.init(path: file, reason: "\(status.st_size) bytes, more than lint reads (\(maximumFileSize >> 20) MiB)"))
            }
            descriptor = try path.open(O_RDONLY)
        } catch {
            return .failure(.init(path: file, reason: "cannot read: \(error)"))
        }
        let data: Data
        do {
            data = try FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readToEnd() ?? Data()
        } catch {
            return .failure(.init(path: file, reason: "cannot read: \(FileProblem.reason(error))"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .failure(.init(path: file, reason: "not UTF-8 text"))
        }
        return .success(text)
    }

    /// The largest file lint reads: 64 MiB, several times the largest
    /// generated Swift files seen in practice.
    package static let maximumFileSize = 64 << 20

    /// Parses `text` on a large-stack thread within `timeLimit` seconds, or
    /// says why not. A parse over the limit is left to finish in the
    /// background and dropped.
    static func parse(_ text: String, path: String, timeLimit: Double) -> Result<ParsedSource, LintReport.SkippedFile> {
        let outcome = LargeStackThread.run(budget: .seconds(timeLimit)) {
            ParsedSource(parsingOnThisThread: text, path: path)
        }
        switch outcome {
        case .finished(let source) where source.nestingDepth > ParsedSource.maximumNestingDepth:
            return .failure(.init(path: path, reason: "nested \(source.nestingDepth) levels deep, more than lint's limit of \(ParsedSource.maximumNestingDepth)"))
        case .finished(let source):
            return .success(source)
        case .overBudget:
            return .failure(.init(path: path, reason: "took longer than the time limit of \(timeLimit.formatted()) s per file (fileTimeLimit, --file-time-limit)"))
        case .noThread(let reason):
            return .failure(.init(path: path, reason: reason))
        }
    }

    /// Lints already-parsed sources (the tests' entry point).
    func lint(sources: [ParsedSource]) -> LintReport {
        let start = ContinuousClock.now
        let (kept, suppressed) = checkOnLargeStack(sources: sources)
        let used = settings.targets.filter { target in sources.contains { settings.target(containing: $0.path) == target } }
        return LintReport(
            filesScanned: sources.count,
            linesScanned: sources.reduce(0) { $0 + $1.lineCount },
            seconds: Self.seconds(ContinuousClock.now - start),
            suppressedCount: suppressed,
            findings: kept.map(\.finding).sorted(),
            settings: ProjectSettings(targets: used, notes: settings.notes))
    }

    /// ``check(sources:)`` on a thread whose stack fits the rules' visitors,
    /// which recurse once per level of a tree up to
    /// ``ParsedSource/maximumNestingDepth`` deep.
    func checkOnLargeStack(sources: [ParsedSource]) -> (kept: [LintCandidate], suppressedCount: Int) {
        let engine = self
        switch LargeStackThread.run({ engine.check(sources: sources) }) {
        case .finished(let result): return result
        // Without a budget it cannot be over one; without a thread (the
        // sources were parsed on such threads, so this is rare) the caller's.
        case .overBudget, .noThread: return check(sources: sources)
        }
    }

    /// The candidates no suppression comment silences, each with its line
    /// text filled in, and how many were suppressed.
    func check(sources: [ParsedSource]) -> (kept: [LintCandidate], suppressedCount: Int) {
        let index = SourceIndex(sources: sources, configuration: configuration, settings: settings)
        let candidates = LintRun(index: index, sources: sources).candidates()
        let suppressions = sources.flatMap(Suppression.all(in:))
        var (kept, suppressed) = SuppressionFilter.apply(candidates, suppressions: suppressions)
        kept.removeAll { !configuration.isEnabled($0.finding.rule) }
        for (path, positions) in Dictionary(grouping: kept.indices, by: { kept[$0].finding.file }) {
            guard let source = index.source(at: path) else { continue }
            let texts = source.normalizedLines(Set(positions.map { kept[$0].finding.line }))
            for position in positions {
                kept[position].finding.lineText = texts[kept[position].finding.line] ?? ""
                kept[position].finding.severity = configuration.severity(of: kept[position].finding.rule)
                kept[position].finding.target = settings.target(containing: path)?.name
            }
        }
        return (kept, suppressed)
    }

    /// The `.swift` files at `paths`, sorted, without duplicates.
    static func swiftFiles(at paths: [String]) throws -> [String] {
        var unlisted: [SwiftSourceFiles.UnlistedFolder] = []
        return try swiftFiles(at: paths, unlisted: &unlisted)
    }

    /// ``swiftFiles(at:)``, with the folders that could not be listed.
    static func swiftFiles(at paths: [String], unlisted: inout [SwiftSourceFiles.UnlistedFolder]) throws -> [String] {
        do {
            return try SwiftSourceFiles.find(at: paths, unlisted: &unlisted)
        } catch {
            throw Failure.missingPath(error.path)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
