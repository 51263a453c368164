import Foundation
import IsolationTriage
import Testing
import TestSupport
@testable import IsolationCatalog
@testable import ProbeProcess

/// The catalog's routes as a user writes them, with other thread launchers
/// and containers: `LauncherVariants.swift` is built once with the checks
/// flag and run once per variant, writing the runtime's text backtrace and
/// its JSON crash file; `triage --sources` must name each variant's catalog
/// case from both, and follow the closure to the storage lint flags.
@Suite("Triage routes from what the frames mean, and the join with the sources", .tags(.slow), .skippedInFastTier)
struct TriageLauncherVariantsTests {
    static let programs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("IsolationTriageTests/Fixtures/programs")

    /// A variant, the catalog case it must route to first, and where the
    /// closure goes in the program: the line the closure is written on and
    /// the declaration lint flags, found by their text.
    struct Variant: Sendable, CustomStringConvertible {
        var name: String
        var closestCase: String
        var closureLine: String?
        var flaggedLine: String?
        var description: String { name }
    }

    static let variants = [
        Variant(name: "thread-member", closestCase: "2", closureLine: "box.f = {", flaggedLine: "var f: (() -> Void)?"),
        Variant(name: "pthread-member", closestCase: "2", closureLine: "box.f = {", flaggedLine: "var f: (() -> Void)?"),
        Variant(name: "global-setter", closestCase: "2", closureLine: "slot.callback = {", flaggedLine: "private var stored"),
        // An array's elements are generic storage: reabstraction thunks, as in a Box<T>.
        Variant(name: "detached-collection", closestCase: "1", closureLine: "registry.add {", flaggedLine: "var handlers:"),
        Variant(name: "thread-generic-box", closestCase: "1", closureLine: "box.value = {", flaggedLine: "final class GenericBox"),
        Variant(name: "thread-witness", closestCase: "8a"),
        Variant(name: "global-assume-isolated", closestCase: "8c"),
    ]

    /// The 1-based line of the first line of `file` containing `text`.
    static func line(of text: String, in file: URL) throws -> Int {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }).advanced(by: 1)
    }

    /// Builds `source` with the checks flag into a fresh folder, with the
    /// source copied beside it (the folder `--sources` is given).
    static func build(_ source: URL) async throws -> (folder: URL, executable: String, source: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("triage-variants-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let copy = sources.appendingPathComponent(source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: copy)
        let executable = folder.appendingPathComponent("program").path
        let build = try await ChildProcess.run(
            executable: TestCatalog.toolchain.swiftc,
            arguments: ["-swift-version", "6", "-parse-as-library", "-g", "-enable-actor-data-race-checks",
                        copy.path, "-o", executable],
            limits: .init(timeout: .seconds(300), maxOutputBytes: 1 << 20))
        try #require(build.termination.shellStatus == 0, "\(build.standardError)")
        return (folder, executable, copy)
    }

    /// Runs `executable variant` twice, once writing the text backtrace to
    /// `folder/variant.txt`, once the JSON crash file into `folder/variant-json/`;
    /// returns both paths.
    static func crash(_ executable: String, _ arguments: [String], name: String, into folder: URL) async throws -> (text: String, json: String) {
        let text = try await ChildProcess.run(
            executable: executable, arguments: arguments, environment: ["SWIFT_BACKTRACE": "enable=yes"],
            limits: .init(timeout: .seconds(60), maxOutputBytes: 1 << 20))
        try #require(text.standardError.contains("*** Signal 4: Backtracing from"), "\(name): \(text.standardOutput)\(text.standardError)")
        let textPath = folder.appendingPathComponent("\(name).txt")
        try Data(text.standardError.utf8).write(to: textPath)
        let jsonFolder = folder.appendingPathComponent("\(name)-json")
        try FileManager.default.createDirectory(at: jsonFolder, withIntermediateDirectories: true)
        _ = try await ChildProcess.run(
            executable: executable, arguments: arguments,
            environment: ["SWIFT_BACKTRACE": "enable=yes,format=json,output-to=\(jsonFolder.path)"],
            limits: .init(timeout: .seconds(60), maxOutputBytes: 1 << 20))
        let written = try FileManager.default.contentsOfDirectory(atPath: jsonFolder.path).filter { $0.hasSuffix(".json") }
        let json = try #require(written.first, "\(name): no JSON crash file in \(jsonFolder.path)")
        return (textPath.path, jsonFolder.appendingPathComponent(json).path)
    }

    /// `triage --format json --sources sources` on `files`: the reports by source.
    static func triage(_ files: [String], sources: URL) async throws -> [String: [String: Any]] {
        let result = try await ProbeBinary.run(["triage", "--format", "json", "--sources", sources.path] + files)
        #expect(result.termination.shellStatus == 0, "\(result.standardOutput)\(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let reports = try #require(document["reports"] as? [[String: Any]], "\(result.standardOutput)")
        return Dictionary(reports.map { ($0["source"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func route(_ report: [String: Any]?) -> [String] {
        ((report?["isolation"] as? [String: Any])?["route"] as? [String: Any])?["caseIDs"] as? [String] ?? []
    }

    static func joins(_ report: [String: Any]?) -> [[String: Any]] {
        report?["closureJoins"] as? [[String: Any]] ?? []
    }

    @Test("each launcher and container variant routes to its catalog case from the text and the JSON crash file, and the closure is followed to the flagged storage")
    func variants() async throws {
        let (folder, executable, source) = try await Self.build(Self.programs.appendingPathComponent("LauncherVariants.swift"))
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [(Variant, String, String)] = []
        for variant in Self.variants {
            let (text, json) = try await Self.crash(executable, [variant.name], name: variant.name, into: folder)
            files.append((variant, text, json))
        }
        let reports = try await Self.triage(files.flatMap { [$0.1, $0.2] }, sources: source.deletingLastPathComponent())
        for (variant, text, json) in files {
            for path in [text, json] {
                let report = reports[path]
                #expect(report?["verdict"] as? String == "isolation-trap", "\(variant) \(path): \(report ?? [:])")
                #expect(Self.route(report).first == variant.closestCase, "\(variant) \(path): \(report ?? [:])")
                guard let closureText = variant.closureLine, let flaggedText = variant.flaggedLine else { continue }
                let closureLine = try Self.line(of: closureText, in: source)
                let flaggedLine = try Self.line(of: flaggedText, in: source)
                let joins = Self.joins(report)
                #expect(joins.count == 1, "\(variant) \(path): \(joins)")
                let summary = joins.first?["summary"] as? String ?? ""
                #expect(summary.contains("formed at \(source.path):\(closureLine)"), "\(variant) \(path): \(summary)")
                #expect(summary.contains("flagged by lint at \(source.path):\(flaggedLine)"), "\(variant) \(path): \(summary)")
            }
        }
        // What the join says when the closure reaches nothing lint flags.
        let assume = reports[files.first { $0.0.name == "global-assume-isolated" }!.1]
        let summary = Self.joins(assume).first?["summary"] as? String ?? ""
        #expect(summary.contains("was passed to `DispatchQueue.global().async`") && summary.contains("no lint finding is about that storage"),
                "\(summary)")
    }

    @Test("the seed's bug in a few lines: route 2 and the join with both locations, from the text and the JSON crash file, as the README shows it")
    func fewLineProgram() async throws {
        let (folder, executable, source) = try await Self.build(Self.programs.appendingPathComponent("ThreadCallsStoredClosure.swift"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let (text, json) = try await Self.crash(executable, [], name: "crash", into: folder)
        let closureLine = try Self.line(of: "b.f = {", in: source)
        let memberLine = try Self.line(of: "var f: (() -> Void)?", in: source)
        // Run from the sources' folder, as the README does: `--sources .`.
        let result = try await ChildProcess.run(
            executable: ProbeBinary.path, arguments: ["triage", "--sources", ".", text, json],
            environment: ["ISOLATION_PROBE_CACHE_DIR": TestCatalog.cacheDirectory.path],
            workingDirectory: source.deletingLastPathComponent().path,
            limits: .init(timeout: .seconds(600), maxOutputBytes: 8 << 20))
        let output = result.standardOutput
        #expect(result.termination.shellStatus == 0, "\(output)\(result.standardError)")
        let blocks = output.components(separatedBy: "\n\n")
        #expect(blocks.count == 2, "\(output)")
        let file = "./ThreadCallsStoredClosure.swift"
        let join = "the closure formed at \(file):\(closureLine) was assigned to `Box.f` (\(file):\(memberLine)), flagged by lint at \(file):\(memberLine) (unchecked-sendable-stored-closure); it ran on a Foundation `Thread`"
        for block in blocks {
            #expect(block.contains("  route       catalog 2, 1, 3:"), "\(block)")
            #expect(block.replacingOccurrences(of: "\n              ", with: " ").contains(join), "\(block)")
        }
        // The README quotes the join lines of this output.
        let readme = try String(contentsOf: Self.programs.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let joinLines = blocks.first.map { block in
            block.split(separator: "\n").drop { !$0.hasPrefix("  join") }.prefix { !$0.hasPrefix("  evidence") }
        }
        let quoted = try #require(joinLines).joined(separator: "\n")
        #expect(!quoted.isEmpty && readme.contains(quoted), "README must quote:\n\(quoted)")
        #expect(readme.contains(try String(contentsOf: source, encoding: .utf8)), "README must show the program as built")
    }
}
