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
        return nsError.localizedDescription
    }
}
