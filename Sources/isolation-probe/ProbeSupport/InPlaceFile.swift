import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewrites a source file in place, as an editor saving it would: the same
/// inode, so its mode, owner and hard links stay, and a symbolic link's
/// target is what changes. No temporary file is made, so none can be left
/// behind. Only the bytes from the first difference on are written.
///
/// ```swift
/// try InPlaceFile.replace(path: "Sources/App/Model.swift", old: original, new: fixed)
/// ```
package enum InPlaceFile {
    /// A file that was not rewritten; the message names it and says why.
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot fix \(path): \(reason)" }
    }

    /// Throws unless the file at `path` may be rewritten: it exists and is
    /// writable. Root may write anything, but a file its owner marked
    /// read-only is still not the probe's to change.
    package static func checkWritable(_ path: String) throws(Failure) {
        let file = BytePath(shown: path)
        let status: stat
        do { status = try file.status() } catch { throw Failure(path: path, reason: error.description) }
        guard status.st_mode & S_IWUSR != 0, file.withCString({ access($0, W_OK) }) == 0 else {
            throw Failure(
                path: path,
                reason: "the file is read-only (mode \(String(status.st_mode & 0o7777, radix: 8))); make it writable to let --fix change it, or see the change with --fix --dry-run")
        }
    }

    /// Replaces the contents of the file at `path` (or of the file its
    /// symbolic link leads to), which must still read `old`, by `new`.
    package static func replace(path: String, old: String, new: String) throws(Failure) {
        try checkWritable(path)
        let descriptor: Int32
        do { descriptor = try BytePath(shown: path).open(O_RDWR) } catch { throw Failure(path: path, reason: error.description) }
        defer { close(descriptor) }
        let oldBytes = Array(old.utf8)
        let newBytes = Array(new.utf8)
        // Refuse to write over changes made since the file was read.
        var current = [UInt8](repeating: 0, count: oldBytes.count + 1)
        let read = current.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard read == oldBytes.count, current.prefix(read).elementsEqual(oldBytes) else {
            throw Failure(path: path, reason: "the file changed while it was being fixed; run --fix again")
        }
        let common = zip(oldBytes, newBytes).prefix { $0 == $1 }.count
        var offset = common
        while offset < newBytes.count {
            let written = newBytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(offset))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
        guard ftruncate(descriptor, off_t(newBytes.count)) == 0 else {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
