// Case 12a: an async binding that starts one unstructured task per `set`
// (the shape of a popular SwiftUI "AsyncBinding" recipe, written here
// without Combine). Nothing orders the tasks: when the first write is slow
// and the second fast, the first lands last and the older value wins, both
// in the binding and at the backend it writes to. Swift 6 accepts the code;
// every value crossing threads is Sendable and the state sits behind a lock.
// The bug is ordering, not a data race.
//
// The program makes the first write slow with a gate it opens itself, so
// the wrong order happens on every run. It then checks a second flaw: the
// failure state compares unequal to everything, itself included.
import Glibc
import Synchronization

enum AsyncState<Value: Sendable>: Sendable {
    case idle
    case loading
    case ready(Value)
    case failure(any Error)
}

extension AsyncState: Equatable where Value: Equatable {
    /// As in the recipe: two failures are never equal, so `==` is not reflexive.
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.idle, .idle), (.loading, .loading): true
        case (.ready(let left), .ready(let right)): left == right
        default: false
        }
    }
}

/// A value whose reads and writes are async. Every `set` starts its own task.
final class AsyncBinding<Value: Sendable>: Sendable {
    typealias Get = @Sendable () async throws -> Value
    typealias Set = @Sendable (Value) async throws -> Void

    private let state = Mutex<AsyncState<Value>>(.idle)
    private let setter: Set?

    init(set: Set? = nil) {
        self.setter = set
    }

    var current: AsyncState<Value> { state.withLock { $0 } }

    /// Returns the write's task so the program can wait for it; the recipe
    /// drops it, which changes nothing about the order the writes land in.
    @discardableResult
    func set(_ newValue: @escaping Get) -> Task<Void, Never> {
        update {
            let value = try await newValue()
            try await self.setter?(value)
            return value
        }
    }

    private func update(_ block: @escaping Get) -> Task<Void, Never> {
        Task {
            do {
                send(.loading)
                send(.ready(try await block()))
            } catch {
                send(.failure(error))
            }
        }
    }

    private func send(_ newState: AsyncState<Value>) {
        state.withLock { $0 = newState }
    }
}

/// Holds a write until the program opens it: an explicit order, not a delay.
struct Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    /// Returns when the gate opens, or at once if the task is cancelled.
    func wait() async {
        for await _ in stream { return }
    }

    func open() {
        continuation.yield()
        continuation.finish()
    }
}

struct Offline: Error {}

/// A line the probe collects as a note; flushed at once so it survives a trap.
func note(_ text: String) {
    print("probe-note: \(text)")
    fflush(nil)
}

@main
enum Program {
    static func main() async {
        let backend = Mutex<[Bool]>([])
        let isOn = AsyncBinding<Bool>(set: { value in backend.withLock { $0.append(value) } })
        let slowWrite = Gate()
        let firstStarted = Gate()

        // Two quick taps: on (slow round trip), then off (fast round trip).
        // The second tap waits until the first write's task is running, so
        // the state after the second write is ready(false) on every run; a
        // first task that the pool started late would otherwise show loading.
        let first = isOn.set {
            firstStarted.open()
            await slowWrite.wait()
            return true
        }
        await firstStarted.wait()
        let second = isOn.set { false }
        await second.value
        note("after the second write: \(isOn.current)")
        slowWrite.open()
        await first.value
        let final = isOn.current
        let writes = backend.withLock { $0 }
        note("last value set: false; final state: \(final); backend writes in order: \(writes)")

        await isOn.set { throw Offline() }.value
        let failure = isOn.current
        let reflexive = failure == failure
        note("failure state equals itself: \(reflexive)")

        var broken: [String] = []
        if final != .ready(false) { broken.append("the superseded write landed last (final \(final), expected ready(false))") }
        if !reflexive { broken.append("a failure state is not equal to itself") }
        if !broken.isEmpty { fatalError("AsyncBinding: " + broken.joined(separator: "; ")) }
        print("case finished cleanly")
    }
}
