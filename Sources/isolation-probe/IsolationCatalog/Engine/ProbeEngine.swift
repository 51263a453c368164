import Foundation
import IsolationTriage
import ProbeProcess
import ProbeSupport

/// Compiles and runs cases, each in its own child process, and classifies
/// the results. Work is spread over `jobs` parallel slots.
///
/// ```swift
/// let engine = ProbeEngine(toolchain: .discover(), options: .init())
/// let observations = try await engine.observe(cases.map { ($0, $0.manifest.primary) })
/// ```
package struct ProbeEngine: Sendable {
    package struct Options: Sendable {
        /// Parallel compile-and-run slots.
        package var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
        /// Overrides every manifest's `timeoutSeconds` when set.
        package var timeoutOverride: Double?
        /// A child printing more than this is killed and reported as `flood`.
        package var maxOutputBytes = 1 << 20
        package var useCache = true
        /// Rerun isolation traps in the runtime's legacy mode to learn the offender's line.
        package var legacyRerun = true
        /// Where to keep each run's standard error when it did not end clean
        /// (`--keep-crash-text`), as `<case>-<configuration>.txt`.
        package var keepCrashText: CrashTextFolder?

        package init() {}
    }

    /// The longest time limit a case may have, in seconds (about 11 days):
    /// longer ones would overflow the clock's arithmetic.
    package static let longestTimeoutSeconds: Double = 1_000_000

    package let toolchain: Toolchain
    package let options: Options
    package let compiler: CaseCompiler
    package let progress: ProbeProgress

    package init(toolchain: Toolchain, options: Options, progress: ProbeProgress = ProbeProgress(enabled: false)) {
        self.toolchain = toolchain
        self.options = options
        let libraries = LibraryBuilder(toolchain: toolchain) { [progress] note in await progress.note(note) }
        self.compiler = CaseCompiler(toolchain: toolchain, libraries: libraries, useCache: options.useCache) { [progress] note in
            await progress.note(note)
        }
        self.progress = progress
    }

    /// The environment every case child starts with: a readable, symbolicated,
    /// non-interactive crash backtrace on stderr.
    package static let childEnvironment = [
        "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none",
    ]

    /// The environment for one case. Under a sanitizer the Swift backtracer
    /// must stay off (its helper process and the sanitizer's runtime crash
    /// each other), so the sanitizer prints the stack instead, including on
    /// SIGILL, which is how the executor check stops a program.
    package static func childEnvironment(for manifest: CaseManifest) -> [String: String] {
        guard (manifest.extraFlags ?? []).contains(where: { $0.hasPrefix("-sanitize=") }) else {
            return childEnvironment
        }
        let inherited = ProcessInfo.processInfo.environment["TSAN_OPTIONS"].map { $0 + ":" } ?? ""
        return ["SWIFT_BACKTRACE": "enable=no", "TSAN_OPTIONS": inherited + "handle_sigill=1"]
    }

    /// Observes each (case, configuration) pair; the result keeps the input order.
    package func observe(_ work: [(ProbeCase, BuildConfiguration)]) async throws -> [Observation] {
        await progress.start(work.map { (caseID: $0.0.id, configurationID: $0.1.id) })
        return try await Self.boundedMap(work, limit: options.jobs) { item in
            let observation = try await observe(item.0, in: item.1)
            await progress.finished(observation)
            return observation
        }
    }

    package func observe(_ probeCase: ProbeCase, in configuration: BuildConfiguration) async throws -> Observation {
        let manifest = probeCase.manifest
        let compile = try await compiler.compile(probeCase, in: configuration)
        var observation = Observation(
            caseID: manifest.id, catalog: manifest.catalog, title: manifest.title,
            configuration: configuration, expected: manifest.expectation(for: configuration),
            outcome: .compileError, warnings: compile.warnings, errors: compile.errors,
            evidence: [], offender: nil, offenderLocation: nil, legacyReport: [], notes: [],
            compileCached: compile.cached, runSeconds: nil
        )
        guard let executable = compile.executable else {
            observation.evidence = Classifier.classifyCompileFailure(compile).evidence
            return observation
        }
        let limits = ChildProcess.Limits(
            timeout: .milliseconds(Int((options.timeoutOverride ?? manifest.timeoutSeconds ?? 20) * 1000)),
            maxOutputBytes: options.maxOutputBytes
        )
        let run = try await ChildProcess.run(
            executable: executable.path, arguments: [],
            environment: Self.childEnvironment(for: manifest), limits: limits
        )
        let verdict = Classifier.classifyRun(run)
        observation.outcome = verdict.outcome
        if let folder = options.keepCrashText, verdict.outcome != .clean {
            try folder.keep(run.standardError, name: "\(manifest.id)-\(configuration.id)")
        }
        observation.evidence = verdict.evidence
        observation.runSeconds = Double(run.duration.components.seconds) + Double(run.duration.components.attoseconds) / 1e18
        observation.notes = Classifier.lines(of: run.standardOutput)
            .filter { $0.hasPrefix("probe-note:") }
            .map { String($0.dropFirst("probe-note:".count)).trimmingCharacters(in: .whitespaces) }
        if let offender = verdict.offender {
            observation.offender = await Self.demangle(offender.symbol)
            observation.offenderLocation = offender.location
        }
        if verdict.outcome == .isolationTrap, options.legacyRerun {
            // The legacy executor mode reports the violation and keeps going,
            // naming the function's source line: ask the child itself.
            var environment = Self.childEnvironment(for: manifest)
            environment["SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE"] = "legacy"
            let rerun = try await ChildProcess.run(
                executable: executable.path, arguments: [], environment: environment, limits: limits
            )
            observation.legacyReport = Classifier.legacyReports(in: rerun.standardError + "\n" + rerun.standardOutput)
            if let first = observation.legacyReport.first, let location = Self.location(inLegacyReport: first) {
                observation.offenderLocation = location
            }
        }
        return observation
    }

    /// Sanitizer stacks print mangled Swift names; the toolchain's
    /// `swift demangle` (the one triage uses) turns them back into
    /// `closure #1 in Console.init()`. On any failure the mangled name is
    /// kept: it is still evidence.
    package static func demangle(_ symbol: String) async -> String {
        guard symbol.hasPrefix("$s") else { return symbol }
        return await SwiftDemangleTool().demangle([symbol]).names[symbol] ?? symbol
    }

    /// `… @MainActor function at M/File.swift:35 was not called …` → `M/File.swift:35`.
    package static func location(inLegacyReport line: String) -> String? {
        guard let at = line.range(of: " at "), let end = line.range(of: " was not", range: at.upperBound..<line.endIndex) else { return nil }
        return String(line[at.upperBound..<end.lowerBound])
    }

    /// Maps `items` with at most `limit` bodies running at once, keeping order.
    package static func boundedMap<Item: Sendable, Mapped: Sendable>(
        _ items: [Item],
        limit: Int,
        _ body: @escaping @Sendable (Item) async throws -> Mapped
    ) async throws -> [Mapped] {
        try await withThrowingTaskGroup(of: (Int, Mapped).self) { group in
            var results = [Mapped?](repeating: nil, count: items.count)
            var next = 0
            func launch() {
                let index = next
                let item = items[index]
                group.addTask { (index, try await body(item)) }
                next += 1
            }
            while next < min(max(1, limit), items.count) { launch() }
            while let (index, value) = try await group.next() {
                results[index] = value
                if next < items.count { launch() }
            }
            return results.map { $0! }
        }
    }
}
