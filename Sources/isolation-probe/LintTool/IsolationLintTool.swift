#if IsolationProbe
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
        // The generated usage lists every option on one line, wider than a terminal.
        usage: "isolation-lint [<paths> ...] [<options>]",
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
#else
import Foundation

/// `isolation-lint` built without the `IsolationProbe` trait (a consumer
/// that depends on SafeBox with `traits: []` and applies a lint plugin):
/// the linter's dependencies are not part of that build, so the tool says
/// in one line how to turn the trait on, and fails.
@main
enum IsolationLintWithoutTrait {
    /// The one line the plugins show.
    static let message = """
        isolation-lint: the lint plugins need SafeBox's IsolationProbe trait, which this package turns off; \
        depend on SafeBox with `traits: ["IsolationProbe"]` (or without `traits: []`) to lint

        """

    static func main() {
        FileHandle.standardError.write(Data(message.utf8))
        exit(2)
    }
}
#endif
