import Foundation

/// The probe's one JSON writer: stable (sorted keys), readable (pretty
/// printed, slashes unescaped), and newline-terminated.
///
/// ```swift
/// print(ReportJSON.encode(["cases": 24]), terminator: "")
/// // {
/// //   "cases" : 24
/// // }
/// ```
package enum ReportJSON {
    package static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            // Only non-finite doubles can fail here; say so rather than crash.
            return "{\"error\": \"cannot encode report: \(error)\"}\n"
        }
    }
}
