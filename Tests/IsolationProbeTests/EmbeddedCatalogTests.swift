import Foundation
import Testing
@testable import IsolationCatalog

@Suite("What the probe carries in its binary")
struct EmbeddedCatalogTests {
    /// This checkout's sources, for comparison with what the build embedded.
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(under directory: URL, extensions: Set<String>) -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let path = enumerator?.nextObject() as? String {
            guard extensions.contains(URL(fileURLWithPath: path).pathExtension), !path.contains(".docc/") else { continue }
            found[path] = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path)
        }
        return found
    }

    @Test("every file of the catalog and of the linked libraries is embedded, byte for byte")
    func embeddedMatchesCheckout() throws {
        let root = try EmbeddedSources.materialize(in: TestCatalog.cacheDirectory)
        let cases = "Sources/isolation-probe/IsolationCatalog/Cases"
        let expected = Self.files(under: Self.checkout.appendingPathComponent(cases), extensions: ["swift", "json", "md"])
        let embedded = Self.files(under: root.appendingPathComponent("Cases"), extensions: ["swift", "json", "md"])
        #expect(expected.count > 48)
        #expect(embedded == expected)
        for library in ["SafeBox", "LoggingSink", "CPThreadShim", "CLoggingSinkSupport"] {
            let kinds: Set<String> = ["swift", "c", "h", "modulemap"]
            let source = Self.files(under: Self.checkout.appendingPathComponent("Sources/\(library)"), extensions: kinds)
            #expect(!source.isEmpty)
            #expect(Self.files(under: root.appendingPathComponent("Sources/\(library)"), extensions: kinds) == source, "\(library)")
        }
    }

    @Test("the libraries carry their dependencies, and each comes after what it depends on")
    func libraryGraph() {
        let names = EmbeddedSources.libraries.map(\.name)
        #expect(Set(names).isSuperset(of: ["SafeBox", "LoggingSink", "CPThreadShim", "CLoggingSinkSupport"]))
        for library in EmbeddedSources.libraries {
            #expect(library.dependencies.allSatisfy(names.contains), "\(library.name) depends on a library the probe does not carry")
        }
        #expect(EmbeddedSources.libraries.first { $0.name == "CPThreadShim" }?.language == .c)
        #expect(EmbeddedSources.libraries.first { $0.name == "SafeBox" }?.language == .swift)
    }

    @Test("the cache is the user's: ISOLATION_PROBE_CACHE_DIR, else an absolute XDG_CACHE_HOME, else ~/.cache")
    func cacheDirectory() {
        #expect(Toolchain.defaultCacheDirectory(["HOME": "/home/u"]).path == "/home/u/.cache/isolation-probe")
        #expect(Toolchain.defaultCacheDirectory(["HOME": "/home/u", "XDG_CACHE_HOME": "/var/c"]).path == "/var/c/isolation-probe")
        #expect(Toolchain.defaultCacheDirectory(["HOME": "/home/u", "XDG_CACHE_HOME": "relative"]).path == "/home/u/.cache/isolation-probe")
        #expect(Toolchain.defaultCacheDirectory(["HOME": "/home/u", "XDG_CACHE_HOME": "/var/c", "ISOLATION_PROBE_CACHE_DIR": "/x"]).path == "/x")
    }

    @Test("a cache that cannot be written is a clear error that names it")
    func unwritableCache() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-probe-not-a-dir-\(UUID().uuidString)")
        try Data("a file, not a folder".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        #expect {
            _ = try CaseCatalog.embedded(in: blocker.appendingPathComponent("cache"))
        } throws: { error in
            "\(error)".contains(blocker.path) && "\(error)".contains("--cache-dir")
        }
    }
}
