import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The children the probe is running, so that they die with it. Each child
/// leads its own process group (with whatever it spawned); when the probe
/// gets SIGTERM, SIGINT or SIGHUP it kills every group with SIGKILL and then
/// dies of the signal it got, as it would have without this.
///
/// ```swift
/// ChildProcessGroups.shared.add(pid, isGroupLeader: true)
/// defer { ChildProcessGroups.shared.remove(pid) }
/// ```
package final class ChildProcessGroups: Sendable {
    package static let shared = ChildProcessGroups()

    /// Running children: the pid, and whether it leads its own group.
    private let children = Mutex<[Int32: Bool]>([:])
    private let sources = Mutex<[any DispatchSourceSignal]>([])

    /// The signals a user or a supervisor ends the probe with.
    package static let endingSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private init() {}

    /// Records a started child; installs the signal handling on first use.
    package func add(_ pid: Int32, isGroupLeader: Bool) {
        installOnce()
        children.withLock { $0[pid] = isGroupLeader }
    }

    /// Forgets a child that has ended.
    package func remove(_ pid: Int32) {
        _ = children.withLock { $0.removeValue(forKey: pid) }
    }

    /// Kills every recorded child and its group.
    package func killAll() {
        for (pid, isGroupLeader) in children.withLock({ $0 }) {
            _ = kill(isGroupLeader ? -pid : pid, SIGKILL)
        }
    }

    private func installOnce() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            let queue = DispatchQueue(label: "isolation-probe.ending-signals")
            for signalNumber in Self.endingSignals {
                // The source sees the signal only once its default action is
                // off; children start with default actions again (the spawn
                // resets them).
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { [self] in
                    killAll()
                    // Die of the signal, as without this handling; the
                    // source may keep it blocked (signalfd), so unblock it.
                    signal(signalNumber, SIG_DFL)
                    var unblocked = sigset_t()
                    sigemptyset(&unblocked)
                    sigaddset(&unblocked, signalNumber)
                    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
                    raise(signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
