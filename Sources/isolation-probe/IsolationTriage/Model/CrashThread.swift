/// One thread of a crash report: its frames, innermost first, and what the
/// report says about it.
///
/// ```swift
/// let thread = CrashThread(name: "Thread 3", queue: "com.apple.root.default-qos",
///                          crashed: true, frames: frames)
/// thread.frames.first?.symbol   // "_dispatch_assert_queue_fail"
/// ```
public struct CrashThread: Sendable, Hashable, Codable {
    /// How the report names the thread (`Thread 3`, `thread #3`, `Thread 1 "main"`).
    public var name: String
    /// The dispatch queue it was running, when the report says.
    public var queue: String?
    /// Whether the report marks it as the thread that stopped the program.
    public var crashed: Bool
    /// Frames, innermost (0) first.
    public var frames: [StackFrame]
    /// The name a reader gives frames that come before any thread line.
    ///
    /// ```swift
    /// report.threads.first?.name == CrashThread.headerless   // a `bt` pasted without `* thread #1`
    /// ```
    public static let headerless = "thread (no header)"

    /// Creates a thread record.
    ///
    /// ```swift
    /// CrashThread(name: "Thread 0", crashed: true, frames: [])
    /// ```
    public init(name: String, queue: String? = nil, crashed: Bool = false, frames: [StackFrame] = []) {
        self.name = name
        self.queue = queue
        self.crashed = crashed
        self.frames = frames
    }
}
