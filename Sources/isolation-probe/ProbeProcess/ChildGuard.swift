import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A supervisor between the probe and each program it starts, so that the
/// program dies with the probe even when the probe is SIGKILLed and no
/// handler of its own runs. It is the probe's own binary started as
///
///     isolation-probe --isolation-probe-child-guard <probe pid> -- <program> <arguments…>
///
/// (handled before any argument parsing, so it is in no help text). The
/// guard starts the program in its own process group (the one the probe
/// gave the guard), checks every 50 ms whether the probe is still its
/// parent, and once it is not kills the program, with the whole group when
/// the guard leads it. Otherwise the guard ends exactly as the program did:
/// the same exit status, or death by the same signal, so the probe's
/// verdicts do not see it. SIGTERM, SIGINT or SIGHUP to the guard kill the
/// program before the guard dies of them (``ChildProcessGroups``).
///
/// Linux's parent-death signal (`PR_SET_PDEATHSIG`) is not what the guard
/// watches: it fires when the *thread* that started the guard ends, and
/// the probe starts children from pool threads that come and go, so every
/// such signal would need the same `getppid()` check anyway.
///
/// ```swift
/// ChildGuard.takeOverIfRequested()  // first thing in main: returns unless this process is a guard
/// ChildGuard.enable()               // from now on ChildProcess starts programs under a guard
/// ```
package enum ChildGuard {
    /// The first argument that makes the probe's binary a guard.
    package static let flag = "--isolation-probe-child-guard"

    /// The start of the one line a guard writes (to standard error) when its
    /// program cannot be started; it then exits with ``launchFailureStatus``.
    static let launchFailurePrefix = "isolation-probe child guard: cannot start the program: "
    static let launchFailureStatus: Int32 = 127

    /// How often the guard checks that the probe is still its parent.
    static let parentCheckInterval = DispatchTimeInterval.milliseconds(50)

    private static let enabled = Atomic<Bool>(false)

    /// Makes ``ChildProcess`` start every program under a guard of this
    /// process. Only the probe's executable calls it: its binary is the
    /// guard.
    package static func enable() {
        enabled.store(true, ordering: .relaxed)
    }

    static var isEnabled: Bool { enabled.load(ordering: .relaxed) }

    /// The executable and arguments that start `executable` (a path) with
    /// `arguments` under a guard of this process.
    static func command(running executable: String, arguments: [String]) -> (executable: String, arguments: [String]) {
        // The child that execs this is a copy of this process: its
        // /proc/self/exe is this binary even if the file was replaced.
        ("/proc/self/exe", [flag, String(getpid()), "--", executable] + arguments)
    }

    /// The reason a guard gave for not starting its program, if
    /// `standardError` (all of it, or one line) is that report.
    static func launchFailure(in standardError: String) -> String? {
        guard standardError.hasPrefix(launchFailurePrefix) else { return nil }
        let reason = standardError.dropFirst(launchFailurePrefix.count)
        return String(reason.hasSuffix("\n") ? reason.dropLast() : reason)
    }

    /// Becomes the guard and never returns when `arguments` (the process's
    /// own, with the executable first) start with ``flag``; returns
    /// otherwise.
    package static func takeOverIfRequested(_ arguments: [String] = CommandLine.arguments) {
        guard arguments.count > 1, arguments[1] == flag else { return }
        guard arguments.count > 4, let probe = pid_t(arguments[2]), arguments[3] == "--" else {
            report("isolation-probe: usage: isolation-probe \(flag) <probe pid> -- <program> [arguments…]\n")
            _exit(2)
        }
        supervise(Array(arguments[4...]), probe: probe)
    }

    private static func supervise(_ command: [String], probe: pid_t) -> Never {
        // The probe is gone already: start nothing.
        if getppid() != probe { _exit(1) }
        // Before the program starts: from then on an ending signal reaches
        // the handler, which kills the program, not the default action.
        ChildProcessGroups.shared.handleEndingSignals()
        let program = start(command)
        ChildProcessGroups.shared.add(program, ending: .killProcess)
        let leadsGroup = getpgrp() == getpid()
        let parentCheck = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "isolation-probe.child-guard"))
        parentCheck.schedule(deadline: .now() + parentCheckInterval, repeating: parentCheckInterval)
        parentCheck.setEventHandler {
            // Reparented: the probe has died.
            guard getppid() != probe else { return }
            // The group is the program, what it spawned, and this guard.
            _ = kill(leadsGroup ? 0 : program, SIGKILL)
            _exit(1)
        }
        parentCheck.resume()
        let status = waitForEnd(of: program)
        parentCheck.cancel()
        end(like: status)
    }

    /// Starts `command` (an executable path and its arguments) in this
    /// process's group with default signal handling and an empty signal
    /// mask, as swift-subprocess starts a child; on failure reports it and
    /// exits with ``launchFailureStatus``.
    private static func start(_ command: [String]) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        // Neither can have another disposition; some libcs reject them here.
        sigdelset(&everySignal, SIGKILL)
        sigdelset(&everySignal, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var program: pid_t = 0
        let failure = posix_spawn(&program, command[0], nil, &attributes, argv, environ)
        posix_spawnattr_destroy(&attributes)
        if failure != 0 {
            report(launchFailurePrefix + String(cString: strerror(failure)) + "\n")
            _exit(launchFailureStatus)
        }
        return program
    }

    /// The wait status of `program` once it has ended.
    private static func waitForEnd(of program: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(program, &status, 0) < 0 {
            if errno != EINTR { _exit(1) }
        }
        return status
    }

    /// Exits with the program's exit status, or dies of the signal that
    /// ended it (without a core file: the program made any there is).
    private static func end(like status: Int32) -> Never {
        let signalNumber = status & 0x7f
        if signalNumber == 0 { _exit((status >> 8) & 0xff) }
        signal(signalNumber, SIG_DFL)
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signalNumber)
        _exit(128 + signalNumber)
    }

    /// Writes `text` to standard error (one short line: one write).
    private static func report(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
