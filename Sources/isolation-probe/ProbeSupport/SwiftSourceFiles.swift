import Foundation

/// Finds the `.swift` files a command works on (lint reads them, detect
/// resolves the runtime's `#fileID`s against them), skipping build products
/// and other packages' checkouts.
///
/// ```swift
/// let files = try SwiftSourceFiles.find(at: ["Sources", "Package.swift"])
/// ```
package enum SwiftSourceFiles {
    /// A path given on the command line that does not exist.
    package struct MissingPath: Error, CustomStringConvertible {
        package var path: String
        package var description: String { "no such file or directory: \(path)" }
    }

    /// Directories never descended into: build products and checkouts of
    /// other packages, which are not the user's code.
    package static let skippedDirectories: Set<String> = [".build", ".git", ".swiftpm", "Packages", "node_modules", "DerivedData"]

    /// The `.swift` files at `paths` (files as given, directories searched
    /// recursively), sorted per directory, without duplicates.
    package static func find(at paths: [String]) throws(MissingPath) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw MissingPath(path: path) }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            var found: [String] = []
            collect(directory: path, into: &found)
            files += found.sorted()
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }

    private static func collect(directory: String, into files: inout [String]) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries.sorted() {
            let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if !skippedDirectories.contains(entry), !entry.hasPrefix(".build") {
                    collect(directory: path, into: &files)
                }
            } else if entry.hasSuffix(".swift") {
                files.append(path)
            }
        }
    }
}
