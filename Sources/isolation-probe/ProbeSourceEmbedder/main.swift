import Foundation

// The tool behind the EmbedProbeSources build plugin. It writes one Swift
// file that defines `EmbeddedSources.files` (every file, base64-encoded, so
// no content can break the literal) and `EmbeddedSources.libraries`.
//
//   probe-source-embedder --output OUT.swift
//       [--file EMBEDDED_PATH SOURCE_PATH]…
//       [--library NAME swift|c DEP1,DEP2]…

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("probe-source-embedder: \(message)\n".utf8))
    exit(2)
}

var arguments = CommandLine.arguments.dropFirst()
var output: String?
var files: [(path: String, source: String)] = []
var libraries: [(name: String, language: String, dependencies: [String])] = []

@MainActor func next(_ option: String) -> String {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
    return value
}

while let argument = arguments.popFirst() {
    switch argument {
    case "--output": output = next(argument)
    case "--file": files.append((next(argument), next(argument)))
    case "--library":
        let name = next(argument)
        let language = next(argument)
        guard ["swift", "c"].contains(language) else { fail("library \(name): unknown language '\(language)'") }
        libraries.append((name, language, next(argument).split(separator: ",").map(String.init)))
    default: fail("unknown argument '\(argument)'")
    }
}
guard let output else { fail("--output is required") }

func literal(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

var generated = """
    // Generated at build time by probe-source-embedder (the EmbedProbeSources
    // build plugin) from the case catalog and library sources. Do not edit.

    extension EmbeddedSources {
        package static let libraries: [EmbeddedLibrary] = [

    """
for library in libraries {
    let dependencies = library.dependencies.map(literal).joined(separator: ", ")
    generated += "        EmbeddedLibrary(name: \(literal(library.name)), language: .\(library.language), dependencies: [\(dependencies)]),\n"
}
generated += "    ]\n\n    package static let files: [EmbeddedFile] = [\n"
for file in files {
    guard let contents = FileManager.default.contents(atPath: file.source) else {
        fail("cannot read \(file.source)")
    }
    generated += "        EmbeddedFile(path: \(literal(file.path)), base64: \"\(contents.base64EncodedString())\"),\n"
}
generated += "    ]\n}\n"

do {
    try Data(generated.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    fail("cannot write \(output): \(error.localizedDescription)")
}
