import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The children the probe is running, so that they die with it. A child
/// usually leads its own process group (with whatever it spawned); when the
/// probe gets SIGTERM, SIGINT or SIGHUP it ends every child as recorded
/// (SIGKILL to the group, or to the child alone, or the signal itself for a
/// ``ChildGuard`` sharing the probe's group, which kills its program) and
/// then dies of the signal it got, as it would have without this.
///
/// ```swift
/// ChildProcessGroups.shared.add(pid, ending: .killGroup)
/// defer { ChildProcessGroups.shared.remove(pid) }
/// ```
package final class ChildProcessGroups: Sendable {
    package static let shared = ChildProcessGroups()

    /// How a child is ended when the probe is.
    package enum Ending: Sendable {
        /// SIGKILL to the process group the child leads.
        case killGroup
        /// SIGKILL to the child alone: it shares the probe's group.
        case killProcess
        /// The signal the probe got, to a guard sharing the probe's group:
        /// the guard kills its program and dies of that signal itself
        /// (SIGKILL would leave its program running).
        case forwardSignal
    }

    /// Running children: the pid, and how to end it.
    private let children = Mutex<[Int32: Ending]>([:])
    private let sources = Mutex<[any DispatchSourceSignal]>([])
    /// The first ending signal the probe got; 0 before any.
    private let receivedSignal = Atomic<Int32>(0)

    /// The signals a user or a supervisor ends the probe with.
    package static let endingSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private init() {}

    /// Records a started child; installs the signal handling on first use.
    package func add(_ pid: Int32, ending: Ending) {
        handleEndingSignals()
        children.withLock { $0[pid] = ending }
    }

    /// Forgets a child that has ended.
    package func remove(_ pid: Int32) {
        _ = children.withLock { $0.removeValue(forKey: pid) }
    }

    /// Ends every recorded child as recorded; `signalNumber` is the signal
    /// the probe got.
    package func endAll(gotSignal signalNumber: Int32) {
        for (pid, ending) in children.withLock({ $0 }) {
            switch ending {
            case .killGroup: _ = kill(-pid, SIGKILL)
            case .killProcess: _ = kill(pid, SIGKILL)
            case .forwardSignal: _ = kill(pid, signalNumber)
            }
        }
    }

    /// Installs the handling of SIGTERM, SIGINT and SIGHUP, once; ``add(_:ending:)``
    /// does it too. From then on these signals end the recorded children
    /// before this process dies of them.
    package func handleEndingSignals() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            // The children the handler kills can end `run` or `detect`
            // before the handler raises the signal, and the probe would then
            // exit with its own status: once a signal has come, an exit dies
            // of it instead.
            atexit { ChildProcessGroups.shared.dieOfReceivedSignal() }
            let queue = DispatchQueue(label: "isolation-probe.ending-signals")
            for signalNumber in Self.endingSignals {
                // The source sees the signal only once its default action is
                // off; children start with default actions again (the spawn
                // resets them).
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { [self] in
                    _ = receivedSignal.compareExchange(expected: 0, desired: signalNumber, ordering: .sequentiallyConsistent)
                    dieOfReceivedSignal()
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// After an ending signal: ends every recorded child, then dies of the
    /// signal, as without this handling. Both the handler and an exit on
    /// another thread may get here; killing a child twice is harmless.
    private func dieOfReceivedSignal() {
        let signalNumber = receivedSignal.load(ordering: .sequentiallyConsistent)
        guard signalNumber != 0 else { return }
        endAll(gotSignal: signalNumber)
        // The source may keep the signal blocked (signalfd), so unblock it.
        signal(signalNumber, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(signalNumber)
    }
}
