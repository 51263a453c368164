import Foundation
import ProbeProcess
import ProbeSupport

/// What `swiftc` said about one case in one configuration.
package struct CompileResult: Sendable {
    /// The linked program, when compilation succeeded.
    package var executable: URL?
    /// Everything the compiler printed.
    package var diagnostics: String
    /// The exact command lines run (for the report's evidence).
    package var commands: [[String]]
    /// True when the result came from the cache.
    package var cached: Bool

    package var succeeded: Bool { executable != nil }

    /// First lines of each `error:` diagnostic, deduplicated.
    package var errors: [String] { Self.diagnosticLines(in: diagnostics, kind: "error") }
    /// First lines of each `warning:` diagnostic, deduplicated.
    package var warnings: [String] { Self.diagnosticLines(in: diagnostics, kind: "warning") }

    /// Lines such as `File.swift:12:5: error: …`; the compiler repeats each
    /// one inside its source excerpt, which is skipped.
    package static func diagnosticLines(in text: String, kind: String) -> [String] {
        var seen: Set<String> = []
        var lines: [String] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.contains(": \(kind): "), !trimmed.hasPrefix("|"), !trimmed.hasPrefix("`-"), !trimmed.hasPrefix("|-") else { continue }
            let shortened = Self.shortenPath(trimmed)
            if seen.insert(shortened).inserted { lines.append(shortened) }
        }
        return lines
    }

    /// `/long/path/Cases/01-x/File.swift:3:1: error: …` → `File.swift:3:1: error: …`.
    package static func shortenPath(_ line: String) -> String {
        guard line.hasPrefix("/"), let colon = line.range(of: ".swift:") else { return line }
        let path = line[..<colon.lowerBound]
        let file = path.split(separator: "/").last.map(String.init) ?? String(path)
        return file + line[colon.lowerBound...].dropFirst(0)
    }
}

/// Compiles case programs with `swiftc`, caching each result under a key
/// made of the sources, the flags, the compiler version and the linked
/// build products.
///
/// Only what the compiler decided is cached: a program it linked (checked,
/// and checksummed so a damaged copy is noticed) or errors it found in the
/// case's code. A compiler that was killed, ran out of time, could not
/// write its output or failed without naming a line of the code is an
/// environment failure (``ProbeError/compilerFailed(command:reason:output:)``),
/// reported and never stored. Published entries are never changed in
/// place, so concurrent probes on one cache (cached or not) each run a
/// complete program.
///
/// ```swift
/// let compiler = CaseCompiler(toolchain: .discover(), libraries: LibraryBuilder(toolchain: .discover()))
/// let result = try await compiler.compile(probeCase, in: .init(id: "6+checks")!)
/// ```
package actor CaseCompiler {
    package let toolchain: Toolchain
    package let libraries: LibraryBuilder
    package let useCache: Bool
    private let announce: @Sendable (String) async -> Void
    private var compilerVersion: String?
    private var swept = false
    /// Programs this probe built without publishing them (`--no-cache`
    /// beside an existing entry): kept until the compiler goes away.
    private var privateBuilds: [StagingFolder] = []

    package init(
        toolchain: Toolchain, libraries: LibraryBuilder, useCache: Bool = true,
        announce: @escaping @Sendable (String) async -> Void = { _ in }
    ) {
        self.toolchain = toolchain
        self.libraries = libraries
        self.useCache = useCache
        self.announce = announce
    }

    private static let compileLimits = ChildProcess.Limits(timeout: .seconds(600), maxOutputBytes: 8 << 20)

    /// `swiftc --version`, once per probe run: part of every cache key.
    private func version() async throws -> String {
        if let compilerVersion { return compilerVersion }
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(executable: toolchain.swiftc, arguments: ["--version"], limits: Self.compileLimits)
        } catch {
            throw ProbeError.compilerLaunchFailed("\(error)")
        }
        guard result.termination == .exited(0), !result.timedOut else {
            throw ProbeError.compilerFailed(
                command: "\(toolchain.swiftc) --version", reason: result.termination.sentence,
                output: result.standardOutput + result.standardError)
        }
        let text = result.standardOutput + result.standardError
        compilerVersion = text
        return text
    }

    /// Module name of a case program, e.g. `Case_unchecked_box`.
    package static func moduleName(for probeCase: ProbeCase) -> String {
        "Case_" + probeCase.id.replacingOccurrences(of: "-", with: "_")
    }

    package func compile(_ probeCase: ProbeCase, in configuration: BuildConfiguration) async throws -> CompileResult {
        let manifest = probeCase.manifest
        let sources = try probeCase.sourceFiles()
        if sources.isEmpty { throw CatalogError.noSources(id: manifest.id) }
        let links = manifest.links ?? []
        let modules = manifest.modules ?? []
        // A settings column replaces the case's own settings flags and
        // modules' language modes.
        let extraFlags = configuration.settings?.programFlags(replacing: manifest.extraFlags ?? []) ?? manifest.extraFlags ?? []
        let moduleFlags = modules.map { configuration.settings?.moduleFlags($0) ?? $0.flags ?? [] }
        let linked = links.isEmpty ? nil : try await libraries.products(for: links)
        if !swept {
            swept = true
            StagingFolder.sweep(toolchain.cacheDirectory)
        }

        // Cache key: everything that can change the compiler's answer.
        var hash = StableHash()
        hash.combine(try await version())
        hash.combine(configuration.swiftcFlags.joined(separator: " "))
        hash.combine(extraFlags.joined(separator: " "))
        hash.combine(manifest.id)
        for source in sources {
            hash.combine(source.lastPathComponent)
            hash.combine(try Data(contentsOf: source))
        }
        for (module, flags) in zip(modules, moduleFlags) {
            hash.combine(module.name)
            hash.combine(flags.joined(separator: " "))
            for source in try probeCase.sourceFiles(of: module) {
                hash.combine(source.lastPathComponent)
                hash.combine(try Data(contentsOf: source))
            }
        }
        if let linked {
            hash.combine(links.joined(separator: " "))
            hash.combine(linked.digest)
        }
        let key = hash.hexDigest
        let entry = toolchain.cacheDirectory.appendingPathComponent("\(manifest.id)-\(configuration.id)-\(key)", isDirectory: true)
        var damaged = false
        if useCache {
            switch CompileCacheEntry.read(entry) {
            case .stored(let cached):
                return cached
            case .damaged(let problem):
                damaged = true
                await announce("isolation-probe: cache entry \(entry.path) is damaged (\(problem)); rebuilding it")
            case .absent:
                break
            }
        }

        // Build in a private folder; a second one receives what the cache
        // keeps and is renamed into place in one step, so a concurrent
        // probe never sees half an entry.
        let work = try StagingFolder(in: toolchain.cacheDirectory)
        let moduleCache = libraries.moduleCache.url
        var diagnostics = ""
        var commands: [[String]] = []
        var moduleObjects: [URL] = []
        var succeeded = true

        for (module, flags) in zip(modules, moduleFlags) where succeeded {
            let moduleSources = try probeCase.sourceFiles(of: module).map(\.path)
            let common = ["-parse-as-library", "-g", "-module-name", module.name, "-module-cache-path", moduleCache.path] + flags
            let emitModule = common + ["-emit-module", "-emit-module-path", work.url.appendingPathComponent("\(module.name).swiftmodule").path] + moduleSources
            let object = work.url.appendingPathComponent("\(module.name).o")
            // `-c` without `-wmo`: one object per file; a module of one file
            // gets exactly `-o object`.
            let emitObject = common + ["-c", "-wmo", "-o", object.path] + moduleSources
            for arguments in [emitModule, emitObject] where succeeded {
                commands.append([toolchain.swiftc] + arguments)
                let result = try await runCompiler(arguments, in: work.url)
                diagnostics += result.standardOutput + result.standardError
                succeeded = result.termination == .exited(0)
            }
            moduleObjects.append(object)
        }

        let output = work.url.appendingPathComponent("program")
        if succeeded {
            var arguments = ["-parse-as-library", "-g", "-module-name", Self.moduleName(for: probeCase), "-module-cache-path", moduleCache.path]
            arguments += configuration.swiftcFlags + extraFlags
            arguments += ["-I", work.url.path]
            for path in linked?.searchPaths ?? [] { arguments += ["-I", path.path] }
            arguments += sources.map(\.path)
            arguments += moduleObjects.map(\.path) + (linked?.objects.map(\.path) ?? [])
            arguments += ["-o", output.path]
            commands.append([toolchain.swiftc] + arguments)
            let result = try await runCompiler(arguments, in: work.url)
            diagnostics += result.standardOutput + result.standardError
            succeeded = result.termination == .exited(0)
            if succeeded, let problem = CompileCacheEntry.programProblem(at: output) {
                throw ProbeError.compilerFailed(
                    command: ([toolchain.swiftc] + arguments).joined(separator: " "),
                    reason: "it exited with status 0 but the program it wrote \(problem)",
                    output: result.standardOutput + result.standardError)
            }
        }

        let staged = try StagingFolder(in: toolchain.cacheDirectory)
        do {
            try CompileCacheEntry.write(
                into: staged.url, program: succeeded ? output : nil, diagnostics: diagnostics,
                commands: commands.map { $0.joined(separator: " ") }.joined(separator: "\n"))
        } catch {
            throw ProbeError.cacheUnwritable(path: staged.url.path, reason: FileProblem.reason(error))
        }
        // Never change a published entry in place: another probe may be
        // about to run its program. A damaged one is moved aside first.
        if damaged {
            let aside = toolchain.cacheDirectory.appendingPathComponent("old-\(UUID().uuidString)", isDirectory: true)
            if (try? FileManager.default.moveItem(at: entry, to: aside)) != nil {
                try? FileManager.default.removeItem(at: aside)
            }
        }
        var folder = entry
        if !staged.publish(as: entry) {
            // The entry exists: stored meanwhile by another probe, or kept
            // under `--no-cache`. A cached run takes an intact one; otherwise
            // this probe runs its own build, which lives as long as it does.
            if useCache, case .stored(let theirs) = CompileCacheEntry.read(entry) {
                return CompileResult(executable: theirs.executable, diagnostics: diagnostics, commands: commands, cached: false)
            }
            privateBuilds.append(staged)
            folder = staged.url
        }
        return CompileResult(
            executable: succeeded ? folder.appendingPathComponent("program") : nil,
            diagnostics: diagnostics,
            commands: commands,
            cached: false
        )
    }

    /// Runs `swiftc`; returns its result when it finished with a verdict
    /// on the code (success, or errors at lines of the code) and throws
    /// ``ProbeError/compilerFailed(command:reason:output:)`` otherwise.
    private func runCompiler(_ arguments: [String], in directory: URL) async throws -> ChildProcess.Result {
        let result: ChildProcess.Result
        do {
            result = try await libraries.moduleCache.compiling { [toolchain] in
                try await ChildProcess.run(
                    executable: toolchain.swiftc,
                    arguments: arguments,
                    workingDirectory: directory.path,
                    limits: Self.compileLimits
                )
            }
        } catch {
            throw ProbeError.compilerLaunchFailed("\(error)")
        }
        if let reason = CompilerVerdict.environmentFailure(result, timeout: Self.compileLimits.timeout) {
            throw ProbeError.compilerFailed(
                command: ([toolchain.swiftc] + arguments).joined(separator: " "), reason: reason,
                output: result.standardOutput + result.standardError)
        }
        return result
    }
}
