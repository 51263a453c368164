import Foundation
import ProbeSupport

/// Maps the runtime's `Module/File.swift` (`#fileID`) to a file on disk.
///
/// `#fileID` keeps only the module and the file name, so the locator searches
/// a source root for files of that name and prefers one under a directory
/// named like the module (SwiftPM turns `my-tool` into module `my_tool`).
/// An ambiguous or missing name resolves to `nil`; reports then show the
/// `#fileID` as is.
///
/// ```swift
/// let locator = SourceLocator(root: "/path/to/package")
/// print(locator.path(forFileID: "App/main.swift") ?? "not found")
/// ```
struct SourceLocator: Sendable {
    private let filesByName: [String: [String]]

    /// Indexes `.swift` files under `root`; `nil` indexes nothing.
    init(root: String?) {
        var byName: [String: [String]] = [:]
        if let root, let files = try? SwiftSourceFiles.find(at: [root]) {
            for file in files {
                byName[(file as NSString).lastPathComponent, default: []].append(file)
            }
        }
        filesByName = byName
    }

    /// The file `fileID` names, if exactly one candidate fits.
    func path(forFileID fileID: String) -> String? {
        let parts = fileID.split(separator: "/")
        guard let name = parts.last, let candidates = filesByName[String(name)] else { return nil }
        if candidates.count == 1 { return candidates[0] }
        guard parts.count >= 2 else { return nil }
        let module = String(parts[parts.count - 2])
        let matching = candidates.filter { candidate in
            candidate.split(separator: "/").dropLast().contains { component in
                let directory = String(component)
                return directory == module || directory.replacingOccurrences(of: "-", with: "_") == module
                    || directory.replacingOccurrences(of: " ", with: "_") == module
            }
        }
        return matching.count == 1 ? matching[0] : nil
    }
}
