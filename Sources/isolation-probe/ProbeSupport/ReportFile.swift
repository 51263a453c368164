import Foundation

/// Writes a rendered report to the file `--output` names.
///
/// ```swift
/// try ReportFile.write("…", to: "lint.sarif")
/// ```
package enum ReportFile {
    /// A report file that could not be written; the message names the file.
    package struct WriteFailure: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot write \(path): \(reason)" }
    }

    package static func write(_ rendered: String, to path: String) throws(WriteFailure) {
        do {
            try rendered.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw WriteFailure(path: path, reason: FileProblem.reason(error))
        }
    }
}
