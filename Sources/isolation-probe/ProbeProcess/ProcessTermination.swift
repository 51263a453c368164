#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child process ended: the one termination type of the probe.
///
/// ```swift
/// let ending = ProcessTermination.signaled(SIGILL)
/// ending.description  // "signal 4 (SIGILL)"
/// ending.sentence     // "was killed by signal 4 (SIGILL)"
/// ending.shellStatus  // 132
/// ```
package enum ProcessTermination: Sendable, Hashable, Codable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    /// A noun phrase for reports: `exit status 1`, `signal 4 (SIGILL)`.
    package var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .signaled(let signal): "signal \(signal) (\(Self.signalName(signal) ?? "signal \(signal)"))"
        }
    }

    /// A verb phrase for "the program …": `exited with status 1`,
    /// `was killed by signal 4 (SIGILL)`.
    package var sentence: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let signal): "was killed by signal \(signal)\(Self.signalName(signal).map { " (\($0))" } ?? "")"
        }
    }

    /// The status a shell would report: the exit code, or 128 + signal.
    package var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signaled(let signal): 128 + signal
        }
    }

    /// The conventional name of the signals a crashing or killed program
    /// dies of; nil for others.
    package static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: nil
        }
    }
}
