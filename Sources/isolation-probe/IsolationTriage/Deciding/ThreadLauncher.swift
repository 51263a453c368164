/// What started the thread an offender ran on, read from the frames below
/// it: routes name the launcher, whichever one the user's code used,
/// instead of recognising only the catalog's own (`DispatchQueue.global`).
///
/// ```swift
/// ThreadLauncher(below: frames)?.name   // "a Foundation `Thread`"
/// ```
enum ThreadLauncher: Equatable {
    case foundationThread
    case pthread
    case dispatchQueue
    case task
    case nioEventLoop
    /// A framework's or library's own queue or thread: the first frame of
    /// another image below the program's code.
    case frameworkQueue(image: String)

    /// The launcher the frames below an offender show, the innermost first;
    /// nil when they show none (a fragment, or frames cut before it).
    /// `programImage` is the offender's image: a frame of another image that
    /// is not the runtime's is a framework's.
    init?(below frames: some Collection<StackFrame>, programImage: String?) {
        // Frames are innermost first: the outermost launcher started the thread,
        // but the innermost says who called into the program.
        for frame in frames {
            let symbol = frame.symbol ?? ""
            if let launcher = Self.named(in: symbol, image: frame.image) { self = launcher; return }
        }
        // A C function pointer (`pthread_create`'s start routine) is reached
        // through an `@objc` (C convention) thunk at the thread's bottom.
        if let last = frames.reversed().first(where: { $0.symbol != nil }), (last.symbol ?? "").hasPrefix("@objc ") {
            self = .pthread
            return
        }
        if let programImage, let image = frames.lazy.compactMap(\.image).first(where: {
            $0 != programImage && !Self.runtimeImagePrefixes.contains(where: $0.hasPrefix)
        }) {
            self = .frameworkQueue(image: image)
            return
        }
        return nil
    }

    /// Libraries every Swift program's threads pass through: not a framework
    /// that called the program back.
    private static let runtimeImagePrefixes = ["libswift", "libdispatch", "libFoundation", "libc.so", "libc-",
                                               "libpthread", "ld-linux", "libsystem_", "libBlocksRuntime"]

    private static func named(in symbol: String, image: String?) -> ThreadLauncher? {
        if ["NIOThread", "SelectableEventLoop", "MultiThreadedEventLoopGroup", "NIOPosix"].contains(where: symbol.contains)
            || image?.hasPrefix("NIOPosix") == true {
            return .nioEventLoop
        }
        if symbol.hasPrefix("Thread.main()") || symbol.hasPrefix("NSThreadStart") || symbol.contains("__NSThread__start__") {
            return .foundationThread
        }
        if ["completeTaskWithClosure", "completeTaskAndRelease", "swift_job_run", "runJobInEstablishedExecutorContext"]
            .contains(where: symbol.contains) {
            return .task
        }
        if ["_dispatch_call_block_and_release", "_dispatch_worker_thread", "_dispatch_root_queue_drain",
            "_dispatch_client_callout"].contains(where: symbol.hasPrefix) {
            return .dispatchQueue
        }
        if ["start_thread", "_pthread_start", "thread_start"].contains(symbol) { return .pthread }
        return nil
    }

    /// The launcher in words, for a route's reason.
    var name: String {
        switch self {
        case .foundationThread: "a Foundation `Thread`"
        case .pthread: "a thread started with `pthread_create`"
        case .dispatchQueue: "a Dispatch queue's worker thread (such as `DispatchQueue.global()`)"
        case .task: "a task not isolated to that actor (such as `Task.detached`)"
        case .nioEventLoop: "a SwiftNIO event loop thread"
        case .frameworkQueue(let image): "a queue or thread of \(image)"
        }
    }
}
