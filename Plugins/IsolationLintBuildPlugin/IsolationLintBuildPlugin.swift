import Foundation
import PackagePlugin

/// Build-tool plugin: add `plugins: [.plugin(name: "IsolationLintBuildPlugin",
/// package: "SafeBox")]` to a target and `swift build` lints its Swift files,
/// showing each finding as a `file:line:column: warning:` line.
///
/// The lint runs as a build command whose inputs are the target's Swift
/// files, so SwiftPM reruns it only when one of them changes. Its output is
/// an empty Swift file (a stamp) that compiles into the target, which is how
/// a build command tells SwiftPM it must run.
@main
struct IsolationLintBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let stamp = context.pluginWorkDirectoryURL.appending(path: "IsolationLintStamp_\(target.name).swift")
        return [
            .buildCommand(
                displayName: "isolation-lint \(target.name)",
                executable: try context.tool(named: "isolation-lint").url,
                arguments: sources.map(\.path) + ["--stamp", stamp.path],
                inputFiles: sources,
                outputFiles: [stamp])
        ]
    }
}
