import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work that recurses as deep as its input nests (swift-syntax's parser
/// and visitors, JSON decoding) on a thread of its own with a large stack,
/// optionally under a time budget.
///
/// The main thread's 8 MiB stack overflows on a few thousand nested brackets,
/// `else if`s or function-type arrows, and an overflow kills the process
/// with SIGSEGV and no message. The large stack is address space reserved up
/// front; memory is committed only for the pages the recursion touches.
///
/// ```swift
/// switch LargeStackThread.run(budget: .seconds(10), { parse(text) }) {
/// case .finished(let tree): use(tree)
/// case .overBudget: print("took longer than 10 s")
/// case .noThread(let reason): print(reason)
/// }
/// ```
package enum LargeStackThread {
    /// Stack for each such thread: 1 GiB of address space.
    package static let stackSize = 1 << 30

    /// How a run ended.
    package enum Outcome<Value: Sendable>: Sendable {
        case finished(Value)
        /// The budget ran out first; the thread is left to end on its own
        /// and its result is dropped.
        case overBudget
        /// No thread could be started (the reason, from `pthread_create`).
        case noThread(String)
    }

    /// Runs `body` on a new thread with a ``stackSize`` stack and waits for
    /// it, at most `budget` when one is given.
    package static func run<Value: Sendable>(
        budget: Duration? = nil, _ body: @escaping @Sendable () -> Value
    ) -> Outcome<Value> {
        let result = Slot<Value>()
        let job = Job { result.value.withLock { $0 = body() } }
        let unmanaged = Unmanaged.passRetained(job)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().execute()
            return nil
        }, unmanaged.toOpaque())
        guard status == 0 else {
            unmanaged.release()
            return .noThread("cannot start a thread with a \(stackSize >> 20) MiB stack: \(String(cString: strerror(status)))")
        }
        if let budget {
            let parts = budget.components
            let seconds = min(Double(parts.seconds) + Double(parts.attoseconds) / 1e18, 1e9)
            guard job.done.wait(timeout: .now() + seconds) == .success else { return .overBudget }
        } else {
            job.done.wait()
        }
        return result.value.withLock { $0.map { Outcome<Value>.finished($0) } } ?? .overBudget
    }

    /// Where the thread leaves its result.
    private final class Slot<Value: Sendable>: Sendable {
        let value = Mutex<Value?>(nil)
    }

    /// What the new thread runs; not generic, as a C function cannot be.
    private final class Job: Sendable {
        let work: @Sendable () -> Void
        let done = DispatchSemaphore(value: 0)

        init(_ work: @escaping @Sendable () -> Void) { self.work = work }

        func execute() {
            work()
            done.signal()
        }
    }
}
