import Foundation
import Testing

@testable import IsolationLint
@testable import ProbeProcess

/// `lint --fix` changes a file the way an editor saving it would: mode,
/// owner and hard links stay; a symbolic link's target is fixed; a
/// read-only file is refused; no temporary file is left.
@Suite("lint --fix in place")
struct LintFixInPlaceTests {
    static let fixedAlias = "typealias LoggingSink = @Sendable (String) -> Void"

    func inode(_ path: String) throws -> UInt64? {
        try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64
    }

    func mode(_ path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test("a 0600 file keeps its mode, inode and hard link; nothing else appears in the folder")
    func modeAndHardLinkKept() async throws {
        let tree = try ScratchTree(copying: "Fix/Seed")
        defer { tree.remove() }
        let file = tree.path("Logging.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("lint-link-\(UUID().uuidString).txt").path
        try FileManager.default.linkItem(atPath: file, toPath: outside)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let inodeBefore = try inode(file)
        let namesBefore = try FileManager.default.contentsOfDirectory(atPath: tree.root).sorted()

        let run = try await ProbeBinary.run(["lint", tree.root, "--fix"])
        #expect(run.standardOutput.contains("fixed [unchecked-box-of-closure]"), "\(run.standardOutput)\(run.standardError)")
        #expect(try tree.read("Logging.swift").contains(Self.fixedAlias))
        #expect(try mode(file) == 0o600)
        #expect(try inode(file) == inodeBefore)
        #expect(try String(contentsOfFile: outside, encoding: .utf8).contains(Self.fixedAlias))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root).sorted() == namesBefore)
    }

    @Test("a symbolic link stays a link and its target is fixed")
    func symlinkTargetFixed() async throws {
        let tree = try ScratchTree(copying: "Fix/Seed")
        defer { tree.remove() }
        let target = tree.path("Logging.swift")
        let elsewhere = try ScratchTree()
        defer { elsewhere.remove() }
        let link = elsewhere.path("Linked.swift")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        let run = try await ProbeBinary.run(["lint", link, "--fix"])
        #expect(run.standardOutput.contains("fixed [unchecked-box-of-closure]"), "\(run.standardOutput)\(run.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try tree.read("Logging.swift").contains(Self.fixedAlias))
    }

    @Test("a read-only file is refused with a message naming it, and left as it was")
    func readOnlyRefused() async throws {
        let tree = try ScratchTree(copying: "Fix/Seed")
        defer { tree.remove() }
        let file = tree.path("Logging.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file) }
        let before = try tree.snapshot()
        let inodeBefore = try inode(file)

        let run = try await ProbeBinary.run(["lint", tree.root, "--fix"])
        #expect(run.termination.shellStatus == 2)
        #expect(run.standardError.contains("cannot fix \(file): the file is read-only (mode 444)"), "\(run.standardError)")
        #expect(try tree.snapshot() == before)
        #expect(try inode(file) == inodeBefore)
        #expect(try mode(file) == 0o444)
    }
}
