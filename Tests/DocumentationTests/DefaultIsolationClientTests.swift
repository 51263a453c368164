import CompileFixtures
import Foundation
import Testing

/// The article whose examples are compiled as a client module built with
/// default main-actor isolation.
private let article = "docs/swift-6.2-settings.md"

private let packageRoot = FixtureCompiler.packageRoot()

private func settingsExamples() throws -> [DocumentationExample] {
    let text = try String(contentsOf: packageRoot.appendingPathComponent(article), encoding: .utf8)
    return try DocumentationExample.inArticle(text, file: article).filter { $0.skipReason == nil }
}

/// SafeBox and LoggingSink used from a module built the way new app targets
/// are, `.defaultIsolation(MainActor.self)`: each example of the article is
/// compiled on its own as such a module, and every error it quotes must be
/// the compiler's, on that line, with no other error or warning.
@Suite("SafeBox and LoggingSink in a default-MainActor module")
struct DefaultIsolationClientTests {
    @Test("example", arguments: try settingsExamples())
    func exampleCompilesAsQuoted(_ example: DocumentationExample) throws {
        let compiler = try FixtureCompiler()
        let verdict = try compiler.compile(
            example.source, named: "Client.swift",
            extraArguments: [
                "-default-isolation", "MainActor",
                "-I", packageRoot.appendingPathComponent("Sources/CLoggingSinkSupport/include").path,
            ])
        let problems = example.problems(in: verdict, lineOffset: 0)
        #expect(problems.isEmpty, "\(example):\n\(problems.joined(separator: "\n"))\n--- compiled source ---\n\(example.source)")
    }

    @Test("the article shows both the rejected forms and the fixes")
    func articleHasBothKinds() throws {
        let examples = try settingsExamples()
        #expect(examples.filter { !$0.expectedErrors.isEmpty }.count >= 2)
        #expect(examples.contains { $0.expectedErrors.isEmpty })
    }
}
