import Foundation
import ProbeProcess

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
/// ```swift
/// let compiler = CaseCompiler(toolchain: .discover(), libraries: LibraryBuilder(toolchain: .discover()))
/// let result = try await compiler.compile(probeCase, in: .init(id: "6+checks")!)
/// ```
package actor CaseCompiler {
    package let toolchain: Toolchain
    package let libraries: LibraryBuilder
    package let useCache: Bool
    private var compilerVersion: String?

    package init(toolchain: Toolchain, libraries: LibraryBuilder, useCache: Bool = true) {
        self.toolchain = toolchain
        self.libraries = libraries
        self.useCache = useCache
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
        let linked = links.isEmpty ? nil : try await libraries.products(for: links)

        // Cache key: everything that can change the compiler's answer.
        var hash = StableHash()
        hash.combine(try await version())
        hash.combine(configuration.swiftcFlags.joined(separator: " "))
        hash.combine((manifest.extraFlags ?? []).joined(separator: " "))
        hash.combine(manifest.id)
        for source in sources {
            hash.combine(source.lastPathComponent)
            hash.combine(try Data(contentsOf: source))
        }
        for module in modules {
            hash.combine(module.name)
            hash.combine((module.flags ?? []).joined(separator: " "))
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
        if useCache, let cached = Self.readCacheEntry(entry) {
            return cached
        }

        // Build in a private folder, then move it into place in one rename
        // so a concurrent probe never sees half an entry.
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: toolchain.cacheDirectory, withIntermediateDirectories: true)
        let work = toolchain.cacheDirectory.appendingPathComponent("tmp-\(UUID().uuidString)", isDirectory: true)
        try fileManager.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: work) }

        var diagnostics = ""
        var commands: [[String]] = []
        var moduleObjects: [URL] = []
        var succeeded = true

        for module in modules where succeeded {
            let moduleSources = try probeCase.sourceFiles(of: module).map(\.path)
            let common = ["-parse-as-library", "-g", "-module-name", module.name] + (module.flags ?? [])
            let emitModule = common + ["-emit-module", "-emit-module-path", work.appendingPathComponent("\(module.name).swiftmodule").path] + moduleSources
            let object = work.appendingPathComponent("\(module.name).o")
            // `-c` without `-wmo`: one object per file; a module of one file
            // gets exactly `-o object`.
            let emitObject = common + ["-c", "-wmo", "-o", object.path] + moduleSources
            for arguments in [emitModule, emitObject] where succeeded {
                commands.append([toolchain.swiftc] + arguments)
                let result = try await runCompiler(arguments, in: work)
                diagnostics += result.standardOutput + result.standardError
                succeeded = result.termination == .exited(0)
            }
            moduleObjects.append(object)
        }

        let output = work.appendingPathComponent("program")
        if succeeded {
            var arguments = ["-parse-as-library", "-g", "-module-name", Self.moduleName(for: probeCase)]
            arguments += configuration.swiftcFlags + (manifest.extraFlags ?? [])
            arguments += ["-I", work.path]
            for path in linked?.searchPaths ?? [] { arguments += ["-I", path.path] }
            arguments += sources.map(\.path)
            arguments += moduleObjects.map(\.path) + (linked?.objects.map(\.path) ?? [])
            arguments += ["-o", output.path]
            commands.append([toolchain.swiftc] + arguments)
            let result = try await runCompiler(arguments, in: work)
            diagnostics += result.standardOutput + result.standardError
            succeeded = result.termination == .exited(0) && fileManager.isExecutableFile(atPath: output.path)
        }

        // Keep only what the cache needs: the program and the transcript.
        let staged = toolchain.cacheDirectory.appendingPathComponent("stage-\(UUID().uuidString)", isDirectory: true)
        try fileManager.createDirectory(at: staged, withIntermediateDirectories: true)
        if succeeded {
            try fileManager.moveItem(at: output, to: staged.appendingPathComponent("program"))
        }
        try Data(diagnostics.utf8).write(to: staged.appendingPathComponent("diagnostics.txt"))
        let commandText = commands.map { $0.joined(separator: " ") }.joined(separator: "\n")
        try Data(commandText.utf8).write(to: staged.appendingPathComponent("commands.txt"))
        try Data((succeeded ? "ok" : "failed").utf8).write(to: staged.appendingPathComponent("status"))
        // Never delete an entry in place: another probe (or another task of
        // this one) may be about to run its program. A forced rebuild moves
        // the old entry aside first; otherwise an equivalent entry stored
        // meanwhile by someone else wins and ours is dropped.
        if fileManager.fileExists(atPath: entry.path) {
            if useCache {
                try? fileManager.removeItem(at: staged)
                if let theirs = Self.readCacheEntry(entry) {
                    return CompileResult(executable: theirs.executable, diagnostics: diagnostics, commands: commands, cached: false)
                }
            } else {
                let aside = toolchain.cacheDirectory.appendingPathComponent("old-\(UUID().uuidString)", isDirectory: true)
                try? fileManager.moveItem(at: entry, to: aside)
                try? fileManager.removeItem(at: aside)
            }
        }
        do {
            try fileManager.moveItem(at: staged, to: entry)
        } catch {
            // Another probe stored the same key between the check and the
            // rename; theirs is equivalent.
            try? fileManager.removeItem(at: staged)
        }
        let executable = entry.appendingPathComponent("program")
        return CompileResult(
            executable: succeeded ? executable : nil,
            diagnostics: diagnostics,
            commands: commands,
            cached: false
        )
    }

    private func runCompiler(_ arguments: [String], in directory: URL) async throws -> ChildProcess.Result {
        do {
            return try await ChildProcess.run(
                executable: toolchain.swiftc,
                arguments: arguments,
                workingDirectory: directory.path,
                limits: Self.compileLimits
            )
        } catch {
            throw ProbeError.compilerLaunchFailed("\(error)")
        }
    }

    private static func readCacheEntry(_ entry: URL) -> CompileResult? {
        guard let status = try? String(contentsOf: entry.appendingPathComponent("status"), encoding: .utf8),
              let diagnostics = try? String(contentsOf: entry.appendingPathComponent("diagnostics.txt"), encoding: .utf8)
        else { return nil }
        let commandText = (try? String(contentsOf: entry.appendingPathComponent("commands.txt"), encoding: .utf8)) ?? ""
        let program = entry.appendingPathComponent("program")
        let succeeded = status == "ok"
        if succeeded, !FileManager.default.isExecutableFile(atPath: program.path) { return nil }
        return CompileResult(
            executable: succeeded ? program : nil,
            diagnostics: diagnostics,
            commands: commandText.split(separator: "\n").map { $0.split(separator: " ").map(String.init) },
            cached: true
        )
    }
}
