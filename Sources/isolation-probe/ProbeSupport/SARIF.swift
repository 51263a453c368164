import Foundation

/// The subset of SARIF 2.1.0 that `lint` and `detect` emit, so code-scanning
/// services (GitHub, Azure DevOps, IDE viewers) can show the findings.
///
/// ```swift
/// let log = SARIF.Log(runs: [SARIF.Run(tool: .init(driver: .init(name: "isolation-probe lint", rules: [])),
///                                      results: [])])
/// print(ReportJSON.encode(log))
/// ```
package enum SARIF {
    package struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }

        package init(runs: [Run]) { self.runs = runs }
    }

    package struct Run: Encodable {
        let tool: Tool
        let results: [Result]
        /// Relative artifact URIs are resolved against the directory the tool ran in.
        var originalUriBaseIds: [String: ArtifactLocationBase] = [
            "SRCROOT": ArtifactLocationBase(uri: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).absoluteString)
        ]

        package init(tool: Tool, results: [Result]) {
            self.tool = tool
            self.results = results
        }
    }

    package struct ArtifactLocationBase: Encodable {
        let uri: String
    }

    package struct Tool: Encodable {
        let driver: Driver

        package init(driver: Driver) { self.driver = driver }
    }

    package struct Driver: Encodable {
        let name: String
        var informationUri = "https://github.com/swiftlang/swift/blob/main/docs/ReferenceGuides/DataRaceSafety.md"
        let rules: [ReportingDescriptor]

        package init(name: String, rules: [ReportingDescriptor]) {
            self.name = name
            self.rules = rules
        }
    }

    package struct ReportingDescriptor: Encodable {
        let id: String
        let shortDescription: Message
        let fullDescription: Message
        let help: Message

        package init(id: String, shortDescription: Message, fullDescription: Message, help: Message) {
            self.id = id
            self.shortDescription = shortDescription
            self.fullDescription = fullDescription
            self.help = help
        }
    }

    package struct Message: Encodable {
        let text: String

        package init(text: String) { self.text = text }
    }

    package struct Result: Encodable {
        let ruleId: String
        let level: String
        let message: Message
        let locations: [Location]
        /// Extra per-result data (detect puts the occurrence count here).
        var properties: [String: Int]?

        package init(ruleId: String, level: String, message: Message, locations: [Location], properties: [String: Int]? = nil) {
            self.ruleId = ruleId
            self.level = level
            self.message = message
            self.locations = locations
            self.properties = properties
        }
    }

    package struct Location: Encodable {
        let physicalLocation: PhysicalLocation

        /// A location in `file` (relative to the working directory, or
        /// absolute; shown as ``BytePath/shown`` shows it). The URI encodes
        /// the name's own bytes, so a byte that is not UTF-8 is `%FF`.
        package init(file: String, line: Int, column: Int?) {
            let artifact: ArtifactLocation
            if file.hasPrefix("/") {
                artifact = ArtifactLocation(uri: "file://" + BytePath(shown: file).uriPath, uriBaseId: nil)
            } else {
                let relative = file.hasPrefix("./") ? String(file.dropFirst(2)) : file
                artifact = ArtifactLocation(uri: BytePath(shown: relative).uriPath, uriBaseId: "SRCROOT")
            }
            physicalLocation = PhysicalLocation(
                artifactLocation: artifact, region: Region(startLine: max(line, 1), startColumn: column))
        }
    }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }

    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String?
    }

    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int?
    }
}
