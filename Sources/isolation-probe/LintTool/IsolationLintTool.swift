import ArgumentParser
import ProbeCommandLine

/// `isolation-lint`: the linter alone, with `isolation-probe lint`'s
/// arguments, output formats and exit statuses. The SwiftPM plugins
/// (`swift package isolation-lint`, the `IsolationLintBuildPlugin` build
/// tool) run this executable, so they build only the linter, never the case
/// catalog or detect.
///
/// ```
/// isolation-lint Sources --format sarif --output lint.sarif
/// ```
@main
struct IsolationLintTool: ParsableCommand {
    // LintCommand's options under this executable's own name, so help and
    // usage errors say `isolation-lint`, not `lint`.
    static let configuration = CommandConfiguration(
        commandName: "isolation-lint",
        abstract: LintCommand.configuration.abstract,
        discussion: LintCommand.configuration.discussion
    )

    @OptionGroup var lint: LintCommand

    static func main() async {
        await mainExitingWithStatus()
    }

    mutating func run() throws {
        try lint.run()
    }
}
