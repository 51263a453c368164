import Foundation
import PackagePlugin

/// `swift package isolation-lint [--target NAME]… [--format text|json|sarif] [--output FILE] [lint options]`
///
/// Lints every Swift source target of the package it runs in (or the
/// `--target`s named) with `isolation-lint`, prints compiler-style
/// diagnostics, and fails the command when something is found.
@main
struct IsolationLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = extractor.extractOption(named: "target")
        let passthrough = extractor.remainingArguments

        let targets: [SwiftSourceModuleTarget]
        if requested.isEmpty {
            targets = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
        } else {
            targets = try context.package.targets(named: requested).map { target in
                guard let swift = target as? SwiftSourceModuleTarget else {
                    throw PluginFailure("target '\(target.name)' has no Swift sources to lint")
                }
                return swift
            }
        }
        let directories = targets.map(\.directoryURL.path)
        guard !directories.isEmpty else {
            Diagnostics.remark("isolation-lint: the package has no Swift source targets")
            return
        }

        let tool = try context.tool(named: "isolation-lint")
        // The tool names the directories it found something in, so the
        // failure blames those targets only.
        let pathsWithFindings = context.pluginWorkDirectoryURL.appending(path: "paths-with-findings.txt")
        try? FileManager.default.removeItem(at: pathsWithFindings)
        let process = Process()
        process.executableURL = tool.url
        process.arguments = directories + passthrough + ["--paths-with-findings", pathsWithFindings.path]
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()

        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0):
            return
        case (.exit, 1):
            let found = Set(((try? String(contentsOf: pathsWithFindings, encoding: .utf8)) ?? "")
                .split(separator: "\n").map(String.init))
            let blamed = targets.filter { found.contains($0.directoryURL.path) }.map(\.name)
            throw PluginFailure(blamed.isEmpty
                ? "isolation-lint found isolation loopholes; see its report above"
                : "isolation-lint found isolation loopholes in \(blamed.joined(separator: ", "))")
        case (.exit, let status):
            throw PluginFailure("isolation-lint failed (exit status \(status)); see its message above")
        case (_, let signal):
            throw PluginFailure("isolation-lint was killed by signal \(signal)")
        }
    }
}

/// A failure the plugin reports to SwiftPM, which prints it and fails the command.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
