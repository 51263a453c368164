import CompileFixtures
import Foundation
import Testing

/// Where the documented modules keep their articles and doc comments.
private let documentedModules = ["SafeBox", "LoggingSink", "LoggingSinkSwiftLog"]

private let packageRoot = FixtureCompiler.packageRoot()

/// Markdown files outside the modules whose Swift examples are checked the same way.
private let documentedArticles = ["README.md"]

/// Every Swift example of the README, the three modules' DocC catalogs and `///` doc comments.
private func allExamples() throws -> [DocumentationExample] {
    var examples: [DocumentationExample] = []
    for article in documentedArticles {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(article), encoding: .utf8)
        examples += try DocumentationExample.inArticle(text, file: article)
    }
    for module in documentedModules {
        let directory = packageRoot.appendingPathComponent("Sources/\(module)")
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { continue }
        for case let url as URL in files {
            let relative = String(url.path.dropFirst(packageRoot.path.count + 1))
            switch url.pathExtension {
            case "md":
                examples += try DocumentationExample.inArticle(String(contentsOf: url, encoding: .utf8), file: relative)
            case "swift":
                examples += try DocumentationExample.inDocComments(String(contentsOf: url, encoding: .utf8), file: relative)
            default:
                continue
            }
        }
    }
    return examples.sorted { ($0.file, $0.fenceLine) < ($1.file, $1.fenceLine) }
}

extension DocumentationExample: CustomTestStringConvertible {
    var testDescription: String { description }
}

/// The context module, built once per test run into a temporary folder.
private struct ExampleContext: Sendable {
    let compiler: FixtureCompiler
    let moduleDirectory: URL

    static let shared = Result { try ExampleContext() }

    init() throws {
        compiler = try FixtureCompiler()
        moduleDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("doc-example-context-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: moduleDirectory, withIntermediateDirectories: true)
        let source = packageRoot.appendingPathComponent("Tests/DocumentationTests/Context/DocExampleContext.swift")
        var arguments = [
            "-swift-version", "6", "-parse-as-library", "-emit-module",
            "-module-name", "DocExampleContext",
            "-emit-module-path", moduleDirectory.appendingPathComponent("DocExampleContext.swiftmodule").path,
            "-I", compiler.modulesDirectory.path,
        ]
        for include in compiler.includeDirectories + [loggingSinkInclude] { arguments += ["-I", include.path] }
        arguments.append(source.path)
        let run = try FixtureCompiler.launch(compiler.swiftc, arguments, in: moduleDirectory)
        guard run.status == 0 else { throw ContextBuildFailure(output: run.output) }
    }
}

private let loggingSinkInclude = packageRoot.appendingPathComponent("Sources/CLoggingSinkSupport/include")

private struct ContextBuildFailure: Error, CustomStringConvertible {
    let output: String
    var description: String { "Tests/DocumentationTests/Context/DocExampleContext.swift does not compile:\n\(output)" }
}

@Suite("Documentation examples compile")
struct DocumentationExamplesTests {
    @Test("example", arguments: try allExamples().filter { $0.skipReason == nil })
    func exampleCompiles(_ example: DocumentationExample) throws {
        let context = try ExampleContext.shared.get()
        let source = "import DocExampleContext\n" + example.source
        let verdict = try context.compiler.compile(
            source, named: "main.swift", asLibrary: false,
            extraArguments: ["-I", context.moduleDirectory.path, "-I", loggingSinkInclude.path])
        let problems = example.problems(in: verdict, lineOffset: 1)
        #expect(problems.isEmpty, "\(example):\n\(problems.joined(separator: "\n"))\n--- compiled source ---\n\(source)")
    }

    @Test("the README's headline rejection is checked: the compiler's own words for the library's setter")
    func readmeHeadlineIsChecked() throws {
        let readme = try allExamples().filter { $0.file == "README.md" && $0.skipReason == nil }
        #expect(readme.count >= 3)
        #expect(readme.contains { example in
            example.expectedErrors.contains { $0.fragment == "'inout sending' parameter '$0' cannot be task-isolated at end of function" }
        })
    }

    @Test("each module documents itself with checked examples")
    func everyModuleHasExamples() throws {
        let examples = try allExamples()
        for module in documentedModules {
            let checked = examples.filter { $0.file.hasPrefix("Sources/\(module)/") && $0.skipReason == nil }
            #expect(checked.count >= 5, "only \(checked.count) checked examples in \(module)")
        }
    }
}

extension DocumentationExample {
    /// How `verdict` differs from what this example asserts, as lines naming
    /// the article or source line; empty when it matches. `lineOffset` is
    /// the number of lines put in front of ``source``.
    func problems(in verdict: FixtureCompiler.Verdict, lineOffset: Int) -> [String] {
        func location(_ compiledLine: Int) -> String {
            let index = compiledLine - lineOffset - 1
            return fileLines.indices.contains(index) ? "\(file):\(fileLines[index])" : "\(file) (context line \(compiledLine))"
        }
        var problems: [String] = []
        var unmatched = verdict.diagnostics.filter { $0.severity != "note" }
        for expectation in expectedErrors {
            let line = expectation.line + lineOffset
            if let index = unmatched.firstIndex(where: {
                $0.severity == "error" && $0.line == line && $0.message.contains(expectation.fragment)
            }) {
                unmatched.remove(at: index)
            } else {
                problems.append("\(location(line)): expected an error containing \"\(expectation.fragment)\"")
            }
        }
        problems += unmatched.map { "\(location($0.line)): unexpected \($0.severity): \($0.message)" }
        if problems.isEmpty, expectedErrors.isEmpty, verdict.exitStatus != 0 {
            problems.append("compiler exited \(verdict.exitStatus):\n\(verdict.output)")
        }
        return problems
    }
}
