import Foundation
import PackagePlugin

/// Build-tool plugin of the `IsolationCatalog` target: embeds the case
/// catalog (`Cases/`) and the sources of the libraries cases 9a/9b link
/// (SafeBox, LoggingSink and every package target they depend on) in the
/// probe, so an installed binary needs nothing from the checkout.
@main
struct EmbedProbeSources: BuildToolPlugin {
    /// The libraries case programs may link; their in-package dependencies
    /// are embedded with them.
    static let linkableLibraries = ["SafeBox", "LoggingSink"]
    static let embeddedExtensions: Set<String> = ["swift", "c", "h", "modulemap", "json", "md"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        var arguments: [String] = []
        var inputs: [URL] = []

        func embed(directory: URL, as prefix: String) {
            for (relative, file) in Self.files(under: directory) {
                arguments += ["--file", "\(prefix)/\(relative)", file.path]
                inputs.append(file)
            }
        }
        embed(directory: target.directoryURL.appending(path: "Cases"), as: "Cases")

        var libraries: [SourceModuleTarget] = []
        for root in try context.package.targets(named: Self.linkableLibraries) {
            for candidate in root.recursiveTargetDependencies + [root] {
                guard let module = candidate as? SourceModuleTarget,
                    !libraries.contains(where: { $0.name == module.name }) else { continue }
                libraries.append(module)
            }
        }
        for library in libraries {
            embed(directory: library.directoryURL, as: "Sources/\(library.name)")
            let language = library is ClangSourceModuleTarget ? "c" : "swift"
            let dependencies = library.dependencies.compactMap { dependency -> String? in
                if case .target(let target) = dependency { return target.name }
                return nil
            }
            arguments += ["--library", library.name, language, dependencies.joined(separator: ",")]
        }

        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSources+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding the case catalog and library sources in \(target.name)",
                executable: try context.tool(named: "probe-source-embedder").url,
                arguments: ["--output", output.path] + arguments,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// Files below `directory` with an embedded extension, as (path relative
    /// to `directory`, absolute URL), sorted; DocC catalogs are skipped.
    static func files(under directory: URL) -> [(String, URL)] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { path in
                !path.split(separator: "/").contains { $0.hasSuffix(".docc") }
                    && embeddedExtensions.contains(URL(fileURLWithPath: path).pathExtension)
            }
            .sorted()
            .map { ($0, directory.appending(path: $0)) }
    }
}
