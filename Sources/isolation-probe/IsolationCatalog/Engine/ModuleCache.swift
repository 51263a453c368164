import Foundation
import ProbeProcess

/// The clang module cache every compile of a probe shares, `module-cache`
/// in the cache folder. Clang records the cache's absolute path in each
/// module it builds there and refuses those modules under any other path,
/// so a cache folder copied or restored elsewhere (`cp -a`, a CI cache, a
/// `--cache-dir` pointed at a copy) would fail every new compile. The
/// compiler's refusal ("was compiled with module cache path") is how such a
/// cache is recognised: it is set aside and rebuilt, once, with a note, and
/// the compile that met it runs again.
///
/// ```swift
/// let moduleCache = ModuleCache(in: toolchain.cacheDirectory) { note in print(note) }
/// let result = try await moduleCache.compiling {
///     try await ChildProcess.run(executable: "swiftc", arguments: ["-module-cache-path", moduleCache.url.path, "a.swift"], limits: limits)
/// }
/// ```
package actor ModuleCache {
    /// The folder passed to `-module-cache-path`.
    package nonisolated let url: URL
    private let announce: @Sendable (String) async -> Void
    /// How many times this probe rebuilt the cache: a compile that met the
    /// moved cache before someone else's rebuild only runs again.
    private var rebuilds = 0

    /// What the compiler says of a module built under another module cache path.
    package static let builtElsewhere = "was compiled with module cache path"

    package init(in cacheDirectory: URL, announce: @escaping @Sendable (String) async -> Void = { _ in }) {
        url = cacheDirectory.appendingPathComponent("module-cache", isDirectory: true)
        self.announce = announce
    }

    /// Runs `compile`; when the compiler refused the cache as built at another
    /// path, rebuilds it (unless that was done since `compile` started) and
    /// runs `compile` once more, returning that second result.
    package nonisolated func compiling(
        _ compile: @Sendable () async throws -> ChildProcess.Result
    ) async throws -> ChildProcess.Result {
        let before = await rebuilds
        let result = try await compile()
        guard (result.standardOutput + result.standardError).contains(Self.builtElsewhere) else { return result }
        await rebuild(unlessRebuiltSince: before)
        return try await compile()
    }

    private func rebuild(unlessRebuiltSince seen: Int) async {
        guard rebuilds == seen else { return }
        rebuilds += 1
        await announce("isolation-probe: the module cache \(url.path) was built at another path (the cache folder was copied or moved); rebuilding it")
        // Moved aside first, so no compile sees it half removed.
        let aside = url.deletingLastPathComponent().appendingPathComponent("old-\(UUID().uuidString)", isDirectory: true)
        if (try? FileManager.default.moveItem(at: url, to: aside)) != nil {
            try? FileManager.default.removeItem(at: aside)
        }
    }
}
