import Foundation
import Testing
import ProbeProcess

/// Linux file names are bytes: anything but `/` and NUL. A name that is not
/// UTF-8 (here with a 0xff byte) is opened by its bytes and shown with the
/// byte escaped (`\xFF`) in text, JSON and the baseline; SARIF's URI
/// percent-encodes the byte itself (`%FF`), as a URI must.
@Suite("File names that are not UTF-8", .serialized)
struct ByteFileNameTests {
    /// A scratch folder holding one file whose name has a 0xff byte in it.
    struct Tree {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("byte-names-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        /// `root/<prefix>\xFF<suffix>`'s bytes.
        func bytes(_ prefix: String, _ suffix: String) -> [UInt8] {
            Array((root + "/" + prefix).utf8) + [0xFF] + Array(suffix.utf8)
        }

        /// The name as the probe shows it.
        func shown(_ prefix: String, _ suffix: String) -> String { root + "/" + prefix + "\\xFF" + suffix }

        func write(_ text: String, to path: [UInt8]) throws {
            let descriptor = (path + [0]).withUnsafeBufferPointer { name in
                name.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
            }
            try #require(descriptor >= 0, "cannot create the test file: \(String(cString: strerror(errno)))")
            defer { close(descriptor) }
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        }

        func read(_ path: [UInt8]) throws -> String {
            let descriptor = (path + [0]).withUnsafeBufferPointer { name in
                name.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
            }
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            return String(decoding: FileHandle(fileDescriptor: descriptor).readDataToEndOfFile(), as: UTF8.self)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Runs the probe with `arguments`, where `$NAME` in an argument stands
    /// for `name`'s raw bytes: a shell's printf puts them in argv, which a
    /// Swift string cannot.
    static func probe(_ arguments: [String], name: [UInt8]) async throws -> ChildProcess.Result {
        let octal = name.map { $0 >= 0x80 || $0 == 0x25 || $0 == 0x5C ? String(format: "\\%03o", $0) : String(UnicodeScalar($0)) }.joined()
        let quoted = arguments.map { argument in
            argument == "$NAME" ? "\"$(printf '\(octal)')\"" : "'\(argument)'"
        }
        return try await ChildProcess.run(
            executable: "/bin/sh", arguments: ["-c", "exec '\(ProbeBinary.path)' " + quoted.joined(separator: " ")],
            environment: ["ISOLATION_PROBE_CACHE_DIR": TestCatalog.cacheDirectory.path],
            limits: .init(timeout: .seconds(600), maxOutputBytes: 8 << 20))
    }

    static let loophole = try! String(contentsOfFile: LintFixtures.path("Fix/Seed/Logging.swift"), encoding: .utf8)

    @Test("lint finds the loophole in Loop\\xFF.swift: text, JSON, SARIF, and a baseline that matches it again")
    func lintFindsIt() async throws {
        let tree = try Tree()
        defer { tree.remove() }
        let file = tree.bytes("Loop", ".swift")
        try tree.write(Self.loophole, to: file)

        let text = try await ProbeBinary.run(["lint", tree.root, "--no-package-settings"])
        #expect(text.termination.shellStatus == 1, "\(text.standardOutput)\(text.standardError)")
        #expect(text.standardOutput.contains("\(tree.shown("Loop", ".swift")):"), "\(text.standardOutput)\(text.standardError)")
        #expect(text.standardOutput.contains(": warning: "))

        let named = try await Self.probe(["lint", "$NAME", "--no-package-settings"], name: file)
        // The same findings, whichever way the file was reached (the summary line has the time taken).
        let findingLines = { (output: String) in output.split(separator: "\n").filter { !$0.hasPrefix("isolation-probe lint:") } }
        #expect(findingLines(named.standardOutput) == findingLines(text.standardOutput), "named in argv:\n\(named.standardOutput)\(named.standardError)")

        let json = try await ProbeBinary.run(["lint", tree.root, "--no-package-settings", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let findings = try #require(document?["findings"] as? [[String: Any]], "\(json.standardOutput)\(json.standardError)")
        #expect(!findings.isEmpty && findings.allSatisfy { $0["file"] as? String == tree.shown("Loop", ".swift") }, "\(findings)")

        let sarif = try await ProbeBinary.run(["lint", tree.root, "--no-package-settings", "--format", "sarif"])
        let log = try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any]
        let results = try #require((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let uris = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
                .flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
        }
        #expect(!uris.isEmpty && uris.allSatisfy { $0.hasSuffix("Loop%FF.swift") }, "\(uris)")

        let baseline = tree.root + "/baseline.json"
        let written = try await ProbeBinary.run(["lint", tree.root, "--no-package-settings", "--write-baseline", baseline])
        #expect(written.termination.shellStatus == 0, "\(written.standardError)")
        #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains(#""file" : "Loop\\xFF.swift""#))
        let accepted = try await ProbeBinary.run(["lint", tree.root, "--no-package-settings", "--baseline", baseline])
        #expect(accepted.termination.shellStatus == 0, "\(accepted.standardOutput)\(accepted.standardError)")
    }

    @Test("lint --fix rewrites the file under its own name")
    func fixRewritesIt() async throws {
        let tree = try Tree()
        defer { tree.remove() }
        let file = tree.bytes("Fix", ".swift")
        try tree.write(Self.loophole, to: file)
        let fixed = try await ProbeBinary.run(["lint", tree.root, "--no-package-settings", "--fix"])
        #expect(fixed.standardOutput.contains("\(tree.shown("Fix", ".swift")):"), "\(fixed.standardOutput)\(fixed.standardError)")
        #expect(fixed.standardOutput.contains("fixed [unchecked-box-of-closure]"))
        #expect(try tree.read(file).contains(LintFixInPlaceTests.fixedAlias))
    }

    @Test("a crash text named crash\\xFF.txt is triaged, named in argv or found in its folder")
    func triageReadsIt() async throws {
        let tree = try Tree()
        defer { tree.remove() }
        let file = tree.bytes("crash", ".txt")
        try tree.write(try String(contentsOfFile: try TriageCommandTests.report("linux-case1-unchecked-box.txt"), encoding: .utf8), to: file)
        let verdict = "\(tree.shown("crash", ".txt")): isolation-trap (Swift runtime backtrace)"

        let named = try await Self.probe(["triage", "$NAME"], name: file)
        #expect(named.termination.shellStatus == 0, "\(named.standardOutput)\(named.standardError)")
        #expect(named.standardOutput.contains(verdict), "\(named.standardOutput)")

        let folder = try await ProbeBinary.run(["triage", tree.root])
        #expect(folder.termination.shellStatus == 0, "\(folder.standardOutput)\(folder.standardError)")
        #expect(folder.standardOutput.contains(verdict), "\(folder.standardOutput)")
    }
}
