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
enum IsolationLintTool {
    static func main() async {
        await LintCommand.mainExitingWithStatus()
    }
}
