import Foundation

/// One loaded case: its manifest and where its files are.
package struct ProbeCase: Sendable, Hashable {
    package var manifest: CaseManifest
    /// Absolute path of the case folder.
    package var directory: URL

    package var id: String { manifest.id }

    /// Absolute paths of the program's sources, sorted.
    package func sourceFiles() throws -> [URL] {
        if let sources = manifest.sources {
            return sources.map { directory.appendingPathComponent($0) }
        }
        return try CaseCatalog.swiftFiles(in: directory)
    }

    /// Absolute paths of one extra module's sources, sorted.
    package func sourceFiles(of module: CaseManifest.Module) throws -> [URL] {
        try CaseCatalog.swiftFiles(in: directory.appendingPathComponent(module.directory))
    }
}

/// Every case found in a cases directory, in folder-name order.
///
/// ```swift
/// let catalog = try CaseCatalog.embedded(in: Toolchain.defaultCacheDirectory())
/// let cases = try catalog.resolve(["8", "unchecked-box"])
/// ```
package struct CaseCatalog: Sendable {
    package var directory: URL
    package var cases: [ProbeCase]

    /// The catalog this probe carries in its binary, written out under
    /// `cacheDirectory` the first time (see ``EmbeddedSources``).
    package static func embedded(in cacheDirectory: URL) throws(CatalogError) -> CaseCatalog {
        let root: URL
        do {
            root = try EmbeddedSources.materialize(in: cacheDirectory)
        } catch {
            throw .unwritableCache(error.description)
        }
        return try load(from: root.appendingPathComponent("Cases", isDirectory: true))
    }

    /// Loads every sub-folder of `directory` that holds a `case.json`.
    package static func load(from directory: URL) throws(CatalogError) -> CaseCatalog {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingDirectory(directory.path)
        }
        let entries: [String]
        do {
            entries = try fileManager.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            throw .unreadableManifest(path: directory.path, reason: "\(error)")
        }
        var cases: [ProbeCase] = []
        var seen: Set<String> = []
        for entry in entries {
            let folder = directory.appendingPathComponent(entry, isDirectory: true)
            let manifestURL = folder.appendingPathComponent("case.json")
            guard fileManager.fileExists(atPath: manifestURL.path) else { continue }
            let manifest: CaseManifest
            do {
                manifest = try JSONDecoder().decode(CaseManifest.self, from: Data(contentsOf: manifestURL))
            } catch {
                throw .unreadableManifest(path: manifestURL.path, reason: describe(error))
            }
            try manifest.validate()
            guard seen.insert(manifest.id).inserted else { throw .duplicateID(manifest.id) }
            cases.append(ProbeCase(manifest: manifest, directory: folder))
        }
        return CaseCatalog(directory: directory, cases: cases)
    }

    /// Resolves command-line names to cases, keeping catalog order and
    /// dropping duplicates. A name is a case id, a catalog entry (`8b`), or a
    /// catalog number that selects every lettered entry (`8` = 8a, 8b, 8c).
    /// No names means every case.
    package func resolve(_ names: [String]) throws(CatalogError) -> [ProbeCase] {
        if names.isEmpty { return cases }
        var wanted: Set<String> = []
        for name in names {
            let matches = cases.filter { probeCase in
                let catalog = probeCase.manifest.catalog
                if probeCase.id == name || catalog == name { return true }
                // "8" selects "8a", "8b"…, but "1" must not select "10a".
                guard catalog.hasPrefix(name), name.allSatisfy(\.isNumber) else { return false }
                return catalog.dropFirst(name.count).allSatisfy(\.isLetter)
            }
            if matches.isEmpty { throw .unknownCase(name, known: cases.map(\.id)) }
            wanted.formUnion(matches.map(\.id))
        }
        return cases.filter { wanted.contains($0.id) }
    }

    package static func swiftFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }
            .sorted()
            .map { directory.appendingPathComponent($0) }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        case DecodingError.keyNotFound(let key, _):
            return "missing key '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
