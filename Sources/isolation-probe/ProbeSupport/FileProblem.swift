import Foundation

/// Words for why a file operation failed. Foundation's own text for a
/// failed read or write is often "The operation could not be completed.
/// (NSCocoaErrorDomain error 256.)"; the operating system's reason
/// ("Permission denied", "Read-only file system") is underneath it.
///
/// ```swift
/// FileProblem.reason(error)  // "Permission denied"
/// ```
package enum FileProblem {
    /// The most specific reason `error` carries.
    package static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(nsError.code)))
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return reason(underlying)
        }
        if nsError.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: nsError.code) {
            case .fileReadUnknown, .fileWriteUnknown:
                // No reason given (reading a folder gives this): look at the path.
                let path = nsError.userInfo[NSFilePathErrorKey] as? String ?? (nsError.userInfo[NSURLErrorKey] as? URL)?.path
                var isDirectory: ObjCBool = false
                if let path, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                    return "a folder, not a file"
                }
            case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
            case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
            case .fileWriteVolumeReadOnly: return "Read-only file system"
            case .fileWriteOutOfSpace: return "No space left on device"
            case .fileReadInapplicableStringEncoding: return "not valid text in the expected encoding"
            case .fileReadCorruptFile: return "unreadable contents"
            default: break
            }
        }
        if let failure = nsError.localizedFailureReason { return failure }
        if nsError.domain == NSCocoaErrorDomain { return "the system gave no reason (Foundation error \(nsError.code))" }
        return nsError.localizedDescription
    }

    /// Why `path` (shown as ``BytePath/shown`` shows it), which the caller
    /// could not find, cannot be reached: not always that nothing is there.
    /// A folder on the way may not be searchable.
    ///
    /// ```swift
    /// FileProblem.unreachable("/root/x.swift")  // "permission denied: a folder on the way cannot be searched"
    /// ```
    package static func unreachable(_ path: String) -> String {
        do throws(BytePath.Failure) {
            let status = try BytePath(shown: path).status(followingLinks: false)
            return status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link to nothing" : "not a file or folder the probe can use"
        } catch {
            switch error.code {
            case EACCES: return "permission denied: a folder on the way cannot be searched"
            case ENOENT: return "no such file or directory"
            default: return error.description
            }
        }
    }
}
