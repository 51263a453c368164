import Foundation
import ProbeSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A private folder under the probe's cache (`tmp-<UUID>`) that one probe
/// owns while it builds in it or runs from it. Its owner holds an exclusive
/// `flock` on the folder's `.owner` file for as long as this object lives;
/// the kernel drops the lock when the owner exits or is killed, so
/// ``sweep(_:)`` removes exactly the folders no live probe owns.
///
/// ```swift
/// let work = try StagingFolder(in: toolchain.cacheDirectory)
/// // build under work.url; deinit (or a later probe's sweep) removes it
/// ```
package final class StagingFolder: Sendable {
    /// The folder.
    package let url: URL
    private let lockDescriptor: Int32

    /// Prefix of every staging folder's name.
    package static let prefix = "tmp-"
    private static let ownerFile = ".owner"
    /// A folder with no owner file is left alone this long: its owner may be
    /// between creating the folder and locking it (or be an older probe's).
    private static let unownedGrace: TimeInterval = 3600

    /// Creates and locks a new folder under `directory`.
    package init(in directory: URL) throws(ProbeError) {
        let fileManager = FileManager.default
        let url = directory.appendingPathComponent(Self.prefix + UUID().uuidString, isDirectory: true)
        do {
            try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .cacheUnwritable(path: directory.path, reason: FileProblem.reason(error))
        }
        // Locked under a temporary name, then renamed: a sweep only ever
        // sees an owner file that is already locked.
        let pending = url.appendingPathComponent(Self.ownerFile + ".pending").path
        let descriptor = open(pending, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            try? fileManager.removeItem(at: url)
            throw .cacheUnwritable(path: directory.path, reason: reason)
        }
        _ = flock(descriptor, LOCK_EX)
        _ = rename(pending, url.appendingPathComponent(Self.ownerFile).path)
        self.url = url
        self.lockDescriptor = descriptor
    }

    /// Renames the folder to `destination` in one step, unless something
    /// is already there; the owner file does not go along. Returns whether
    /// it moved (when not, the folder stays this object's).
    package func publish(as destination: URL) -> Bool {
        guard rename(url.path, destination.path) == 0 else { return false }
        _ = unlink(destination.appendingPathComponent(Self.ownerFile).path)
        return true
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
        close(lockDescriptor)
    }

    /// Removes the staging folders under `directory` whose owner is gone:
    /// those whose owner lock can be taken, and unowned ones older than an
    /// hour (left by a probe killed before it locked, or by an older probe,
    /// which also named them `stage-` and `old-`). Returns their names.
    @discardableResult
    package static func sweep(_ directory: URL) -> [String] {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) || name.hasPrefix("stage-") || name.hasPrefix("old-") {
            let folder = directory.appendingPathComponent(name, isDirectory: true)
            let owner = folder.appendingPathComponent(ownerFile).path
            let descriptor = open(owner, O_RDWR | O_CLOEXEC)
            if descriptor >= 0 {
                defer { close(descriptor) }
                guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }  // its owner is alive
            } else {
                let modified = (try? fileManager.attributesOfItem(atPath: folder.path)[.modificationDate]) as? Date
                guard let modified, Date().timeIntervalSince(modified) > unownedGrace else { continue }
            }
            if (try? fileManager.removeItem(at: folder)) != nil { removed.append(name) }
        }
        return removed
    }
}
