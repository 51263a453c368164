import Foundation
import ProbeProcess

/// What a case program needs to import and link package libraries: module
/// search paths and object files, in dependency order.
package struct LinkedLibraries: Sendable {
    /// `-I` paths: the Swift modules folder and each C module's `include`.
    package var searchPaths: [URL]
    /// Object files to link, dependencies last.
    package var objects: [URL]
    /// Identifies the build (sources and compiler), for cache keys.
    package var digest: String
}

/// Builds the package libraries that cases such as 9a/9b link (SafeBox,
/// LoggingSink and their C modules) from the sources the probe carries,
/// once per probe version and compiler, into the cache directory.
///
/// An installed probe has no SwiftPM build folder beside it, so it cannot
/// borrow one; building from its own embedded copy is the one way that works
/// wherever the binary is, and takes a few seconds, once.
///
/// ```swift
/// let builder = LibraryBuilder(toolchain: .discover())
/// let linked = try await builder.products(for: ["SafeBox"])
/// ```
package actor LibraryBuilder {
    package let toolchain: Toolchain
    package let libraries: [EmbeddedLibrary]
    private let announce: @Sendable (String) async -> Void
    /// The module cache its compiles and the case compiles share.
    package let moduleCache: ModuleCache
    private var build: Task<Built, any Error>?

    /// Where the embedded sources were written and the libraries built.
    private struct Built: Sendable {
        var sourcesRoot: URL
        var output: URL
    }

    /// Flags every embedded Swift library is compiled with: the package's
    /// own settings for its library targets (Swift 6, ExistentialAny,
    /// StaticExclusiveOnly for SafeBox's `@_staticExclusiveOnly`).
    package static let swiftFlags = [
        "-parse-as-library", "-g", "-Onone", "-swift-version", "6",
        "-enable-upcoming-feature", "ExistentialAny",
        "-enable-experimental-feature", "StaticExclusiveOnly",
    ]

    package init(
        toolchain: Toolchain, libraries: [EmbeddedLibrary] = EmbeddedSources.libraries,
        announce: @escaping @Sendable (String) async -> Void = { _ in }
    ) {
        self.toolchain = toolchain
        self.libraries = libraries
        self.announce = announce
        moduleCache = ModuleCache(in: toolchain.cacheDirectory, announce: announce)
    }

    /// The search paths and objects for `names` and everything they depend on.
    package func products(for names: [String]) async throws -> LinkedLibraries {
        let order = try dependencyOrder(of: names)
        let built = try await builtLibraries()
        let output = built.output
        var searchPaths = [output.appendingPathComponent("Modules", isDirectory: true)]
        var objects: [URL] = []
        for library in order {
            if library.language == .c {
                searchPaths.append(includeDirectory(of: library, in: built.sourcesRoot))
            }
            objects += try Self.objectFiles(in: output.appendingPathComponent(library.name, isDirectory: true))
        }
        return LinkedLibraries(searchPaths: searchPaths, objects: objects, digest: output.lastPathComponent)
    }

    /// `names` and their dependencies, each after what it depends on.
    private func dependencyOrder(of names: [String]) throws -> [EmbeddedLibrary] {
        let byName = Dictionary(libraries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var ordered: [EmbeddedLibrary] = []
        var visited: Set<String> = []
        func visit(_ name: String) throws {
            guard visited.insert(name).inserted else { return }
            guard let library = byName[name] else {
                throw ProbeError.libraryBuildFailed(
                    library: name, command: "(none)",
                    output: "this probe carries no library named '\(name)'; it carries: \(libraries.map(\.name).sorted().joined(separator: ", "))")
            }
            for dependency in library.dependencies { try visit(dependency) }
            ordered.append(library)
        }
        for name in names { try visit(name) }
        return ordered
    }

    /// Builds every embedded library once per probe run (and once per cache).
    private func builtLibraries() async throws -> Built {
        if let build { return try await build.value }
        let task = Task { try await buildAll() }
        build = task
        return try await task.value
    }

    private func buildAll() async throws -> Built {
        let sourcesRoot = try EmbeddedSources.materialize(in: toolchain.cacheDirectory)
        let version = try await run(toolchain.swiftc, ["--version"], library: "swiftc").standardOutput
        var hash = StableHash()
        hash.combine(version)
        hash.combine(sourcesRoot.lastPathComponent)
        hash.combine(Self.swiftFlags.joined(separator: " "))
        let output = toolchain.cacheDirectory.appendingPathComponent("libraries-\(hash.hexDigest)", isDirectory: true)
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: output.appendingPathComponent(".complete").path) {
            return Built(sourcesRoot: sourcesRoot, output: output)
        }

        let names = libraries.map(\.name).joined(separator: ", ")
        await announce("isolation-probe: building \(names) from the sources this probe carries into \(output.path) (once)")
        let staging = try StagingFolder(in: toolchain.cacheDirectory)
        let modules = staging.url.appendingPathComponent("Modules", isDirectory: true)
        try fileManager.createDirectory(at: modules, withIntermediateDirectories: true)
        for library in try dependencyOrder(of: libraries.map(\.name)) {
            let objects = staging.url.appendingPathComponent(library.name, isDirectory: true)
            try fileManager.createDirectory(at: objects, withIntermediateDirectories: true)
            let sources = try Self.files(in: sourceDirectory(of: library, in: sourcesRoot), ending: library.language == .c ? ".c" : ".swift")
            var searchPaths = ["-I", modules.path]
            for dependency in try dependencyOrder(of: library.dependencies) where dependency.language == .c {
                searchPaths += ["-I", includeDirectory(of: dependency, in: sourcesRoot).path]
            }
            switch library.language {
            case .c:
                let include = ["-I", includeDirectory(of: library, in: sourcesRoot).path]
                for source in sources {
                    let object = objects.appendingPathComponent(source.deletingPathExtension().lastPathComponent + ".o")
                    _ = try await run(toolchain.clang, ["-c", "-g", "-O0"] + include + searchPaths + [source.path, "-o", object.path], library: library.name)
                }
            case .swift:
                let common = Self.swiftFlags + ["-module-name", library.name, "-module-cache-path", moduleCache.url.path] + searchPaths
                _ = try await run(toolchain.swiftc, common + ["-emit-module", "-emit-module-path", modules.appendingPathComponent("\(library.name).swiftmodule").path] + sources.map(\.path), library: library.name)
                _ = try await run(toolchain.swiftc, common + ["-c", "-wmo", "-o", objects.appendingPathComponent("\(library.name).o").path] + sources.map(\.path), library: library.name)
            }
        }
        try Data().write(to: staging.url.appendingPathComponent(".complete"))
        if !staging.publish(as: output), !fileManager.fileExists(atPath: output.appendingPathComponent(".complete").path) {
            throw ProbeError.cacheUnwritable(path: output.path, reason: "another folder of that name is in the way")
        }
        return Built(sourcesRoot: sourcesRoot, output: output)
    }

    private func sourceDirectory(of library: EmbeddedLibrary, in sourcesRoot: URL) -> URL {
        sourcesRoot.appendingPathComponent("Sources/\(library.name)", isDirectory: true)
    }

    private func includeDirectory(of library: EmbeddedLibrary, in sourcesRoot: URL) -> URL {
        sourceDirectory(of: library, in: sourcesRoot).appendingPathComponent("include", isDirectory: true)
    }

    private func run(_ executable: String, _ arguments: [String], library: String) async throws -> ChildProcess.Result {
        let result: ChildProcess.Result
        do {
            result = try await moduleCache.compiling { [toolchain] in
                try await ChildProcess.run(
                    executable: executable, arguments: arguments, workingDirectory: toolchain.cacheDirectory.path,
                    limits: .init(timeout: .seconds(600), maxOutputBytes: 8 << 20))
            }
        } catch {
            throw ProbeError.compilerLaunchFailed("\(executable): \(error)")
        }
        guard result.termination == .exited(0) else {
            throw ProbeError.libraryBuildFailed(
                library: library, command: ([executable] + arguments).joined(separator: " "),
                output: result.standardOutput + result.standardError)
        }
        return result
    }

    /// Files under `directory` (recursively) whose names end with `suffix`, sorted.
    private static func files(in directory: URL, ending suffix: String) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    private static func objectFiles(in directory: URL) throws -> [URL] {
        try files(in: directory, ending: ".o")
    }
}
