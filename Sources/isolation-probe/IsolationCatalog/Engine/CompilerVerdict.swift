import ProbeProcess

/// Tells a compiler's verdict on the code from a compiler that could not do
/// its job. Only a verdict may be cached or reported as `compile-error`.
///
/// ```swift
/// CompilerVerdict.environmentFailure(result, timeout: .seconds(600))
/// // nil for "File.swift:3:5: error: …", "was killed by signal 9 (SIGKILL)" for a killed swiftc
/// ```
package enum CompilerVerdict {
    /// Why `result` says nothing about the code, or nil when it does: the
    /// compiler exited 0, or exited non-zero naming at least one line of
    /// the code and reporting no trouble with its own input or output.
    package static func environmentFailure(_ result: ChildProcess.Result, timeout: Duration) -> String? {
        if result.timedOut { return "it ran past the probe's limit of \(timeout.components.seconds) s" }
        if result.flooded { return "it printed more than the probe reads" }
        guard case .exited(let status) = result.termination else { return "it \(result.termination.sentence)" }
        if status == 0 { return nil }
        let text = result.standardOutput + "\n" + result.standardError
        let errors = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains("error: ") }
        if let trouble = errors.first(where: { line in environmentMarkers.contains { line.contains($0) } }) {
            return "it \(result.termination.sentence): \(trouble)"
        }
        guard errors.contains(where: isAtLineOfCode) else {
            return "it \(result.termination.sentence) without naming a line of the code"
        }
        return nil
    }

    /// What the compiler says when its files, disk or toolchain failed it.
    private static let environmentMarkers = [
        "unable to open output file", "error opening", "unable to write", "could not write",
        "Read-only file system", "Permission denied", "No space left on device",
        "unable to execute command", "could not build C module", "could not build Objective-C module",
        "unable to load standard library", "due to signal", "Too many open files",
    ]

    /// `/path/File.swift:12:5: error: …`.
    private static func isAtLineOfCode(_ line: String) -> Bool {
        guard let marker = line.range(of: ".swift:") else { return false }
        let position = line[marker.upperBound...].prefix { $0.isNumber || $0 == ":" }
        return position.contains(where: \.isNumber) && line[marker.upperBound...].dropFirst(position.count).hasPrefix(" error: ")
    }
}
