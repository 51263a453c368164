import Foundation

/// `--keep-crash-text DIR`: where `detect` and `run` write the text a
/// child printed (its backtrace, its runtime messages) as they classified
/// it, one file per run, for `isolation-probe triage` and an issue tracker.
///
/// ```swift
/// let folder = try CrashTextFolder(path: "crashes")
/// let file = try folder.keep("*** Program crashed: …", name: "unchecked-box-6+checks")
/// // crashes/unchecked-box-6+checks.txt
/// ```
package struct CrashTextFolder: Sendable {
    /// The folder, created when missing.
    package let url: URL

    /// A folder that cannot be created or written.
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "--keep-crash-text \(path): \(reason)" }
    }

    /// Uses `path`, creating it (and its parents) when missing; refuses a file.
    package init(path: String) throws(Failure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Failure(path: path, reason: "is a file, not a folder") }
        } else {
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
                throw Failure(path: path, reason: (error as NSError).localizedDescription)
            }
        }
        url = URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Writes `text` to `name.txt` in the folder (characters other than
    /// letters, digits, `-`, `+`, `.` and `_` in `name` become `_`), replacing
    /// an earlier file of that name; returns its path.
    @discardableResult
    package func keep(_ text: String, name: String) throws(Failure) -> String {
        let safe = String(name.map { $0.isLetter || $0.isNumber || "-+._".contains($0) ? $0 : "_" })
        let file = url.appendingPathComponent(safe + ".txt")
        do { try Data(text.utf8).write(to: file, options: .atomic) } catch {
            throw Failure(path: file.path, reason: (error as NSError).localizedDescription)
        }
        return file.path
    }
}
