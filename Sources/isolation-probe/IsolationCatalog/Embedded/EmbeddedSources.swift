import Foundation
import ProbeSupport

/// The files the probe carries inside its binary: the case catalog
/// (`Cases/…`) and the sources of the libraries cases 9a/9b link
/// (`Sources/<target>/…`). The build-tool plugin `EmbedProbeSources`
/// generates `files` and `libraries` from the checkout at build time.
///
/// ```swift
/// let root = try EmbeddedSources.materialize(in: toolchain.cacheDirectory)
/// let catalog = try CaseCatalog.load(from: root.appendingPathComponent("Cases"))
/// ```
package enum EmbeddedSources {
    /// Where this set of files is written out: named by a hash of every path
    /// and content, so a probe of another version never reads these.
    package static var digest: String {
        var hash = StableHash()
        for file in files {
            hash.combine(file.path)
            hash.combine(file.base64)
        }
        return hash.hexDigest
    }

    /// Writes the embedded files under `cacheDirectory` once (a later call
    /// finds them complete) and returns their root.
    package static func materialize(in cacheDirectory: URL) throws(ProbeError) -> URL {
        let root = cacheDirectory.appendingPathComponent("sources-\(digest)", isDirectory: true)
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: root.appendingPathComponent(completeMarker).path) { return root }
        do {
            let staging = try StagingFolder(in: cacheDirectory)
            for file in files {
                guard let contents = Data(base64Encoded: file.base64) else {
                    throw ProbeError.cacheUnwritable(path: file.path, reason: "embedded file is not valid base64 (a build problem)")
                }
                let destination = staging.url.appendingPathComponent(file.path)
                try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: destination)
            }
            try Data().write(to: staging.url.appendingPathComponent(completeMarker))
            // One rename publishes the whole tree; when it fails because a
            // concurrent probe published first, theirs is identical.
            if !staging.publish(as: root), !fileManager.fileExists(atPath: root.appendingPathComponent(completeMarker).path) {
                throw ProbeError.cacheUnwritable(path: root.path, reason: "another folder of that name is in the way")
            }
        } catch let error as ProbeError {
            throw error
        } catch {
            throw .cacheUnwritable(path: root.path, reason: FileProblem.reason(error))
        }
        return root
    }

    private static let completeMarker = ".complete"
}

/// One embedded file: its path relative to the bundle root and its bytes.
package struct EmbeddedFile: Sendable {
    package var path: String
    package var base64: String

    package init(path: String, base64: String) {
        self.path = path
        self.base64 = base64
    }
}

/// A package target whose sources are embedded under `Sources/<name>`, with
/// its language and its direct dependencies among the embedded targets.
package struct EmbeddedLibrary: Sendable {
    package enum Language: String, Sendable {
        case swift, c
    }

    package var name: String
    package var language: Language
    package var dependencies: [String]

    package init(name: String, language: Language, dependencies: [String]) {
        self.name = name
        self.language = language
        self.dependencies = dependencies
    }
}
