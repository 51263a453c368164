import Foundation

/// Finds the `.swift` files a command works on (lint reads them, detect
/// resolves the runtime's `#fileID`s against them), skipping build products
/// and other packages' checkouts.
///
/// ```swift
/// let files = try SwiftSourceFiles.find(at: ["Sources", "Package.swift"])
/// ```
package enum SwiftSourceFiles {
    /// A path given on the command line that cannot be reached.
    package struct MissingPath: Error, CustomStringConvertible {
        package var path: String
        /// Why, e.g. "no such file or directory".
        package var reason: String

        package init(path: String) {
            self.path = path
            self.reason = FileProblem.unreachable(path)
        }

        package var description: String { "\(reason): \(path)" }
    }

    /// Directories never descended into: build products and checkouts of
    /// other packages, which are not the user's code.
    package static let skippedDirectories: Set<String> = [".build", ".git", ".swiftpm", "Packages", "node_modules", "DerivedData"]

    /// A folder under a searched path whose entries could not be listed.
    package struct UnlistedFolder: Equatable, Sendable {
        package var path: String
        /// Why, e.g. "permission denied".
        package var reason: String
    }

    /// The `.swift` files at `paths` (files as given, directories searched
    /// recursively), sorted per directory, without duplicates.
    package static func find(at paths: [String]) throws(MissingPath) -> [String] {
        var unlisted: [UnlistedFolder] = []
        return try find(at: paths, unlisted: &unlisted)
    }

    /// ``find(at:)``, and the folders on the way that could not be listed,
    /// in `unlisted`, so a caller can name them instead of skipping them
    /// silently.
    package static func find(at paths: [String], unlisted: inout [UnlistedFolder]) throws(MissingPath) -> [String] {
        var files: [String] = []
        for path in paths {
            let named = BytePath(shown: path)
            guard named.exists else { throw MissingPath(path: path) }
            guard named.isFolder else {
                files.append(path)
                continue
            }
            var found: [String] = []
            var visited: Set<String> = []
            collect(directory: path, into: &found, visited: &visited, unlisted: &unlisted)
            files += found.sorted()
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }

    /// Walks `directory`; `visited` holds the real paths of the directories
    /// walked, so a symbolic link back up the tree is not followed forever.
    /// A `.swift` entry that is not a readable regular file (a dangling link,
    /// a FIFO) is still listed, for the reader to report by name.
    private static func collect(
        directory: String, into files: inout [String], visited: inout Set<String>, unlisted: inout [UnlistedFolder]
    ) {
        let folder = BytePath(shown: directory)
        guard visited.insert(folder.resolved()?.shown ?? directory).inserted else { return }
        let entries: [String]
        do { entries = try folder.entries() } catch {
            unlisted.append(UnlistedFolder(path: directory, reason: error.description))
            return
        }
        for entry in entries.sorted() {
            let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
            if BytePath(shown: path).isFolder {
                if !skippedDirectories.contains(entry), !entry.hasPrefix(".build") {
                    collect(directory: path, into: &files, visited: &visited, unlisted: &unlisted)
                }
            } else if entry.hasSuffix(".swift") {
                files.append(path)
            }
        }
    }
}
