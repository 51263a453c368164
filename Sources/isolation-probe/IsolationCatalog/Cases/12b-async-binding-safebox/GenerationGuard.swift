// Case 12b: the fix for 12a. The binding keeps its state, a generation
// number and the task of the newest write together in one SafeBox. Every
// `set` takes the next generation and cancels the task it supersedes; a
// finishing write lands only if its generation is still the newest, and a
// cancelled write never reaches the backend. The failure state carries a
// value that compares equal to itself, so `==` is an equivalence again.
//
// Same program as 12a, same gate holding the first write back: the newest
// value wins on every run.
import Glibc
import SafeBox
import Synchronization

/// Why an async read or write failed, comparable so that a failure equals itself.
struct AsyncFailure: Error, Equatable {
    /// The write that failed; two failures of the same write are the same failure.
    let generation: UInt64
    let message: String
}

enum AsyncState<Value: Sendable>: Sendable {
    case idle
    case loading
    case ready(Value)
    case failure(AsyncFailure)
}

extension AsyncState: Equatable where Value: Equatable {}

/// A value whose reads and writes are async. The newest `set` wins.
final class AsyncBinding<Value: Sendable>: Sendable {
    typealias Get = @Sendable () async throws -> Value
    typealias Set = @Sendable (Value) async throws -> Void

    /// Everything a write must check and change at once.
    private struct Slot: Sendable {
        var state: AsyncState<Value> = .idle
        var generation: UInt64 = 0
        var newestWrite: Task<Void, Never>?
    }

    private let slot = SafeBox(Slot())
    private let setter: Set?

    init(set: Set? = nil) {
        self.setter = set
    }

    var current: AsyncState<Value> { slot.withLock { $0.state } }

    /// Starts a write that supersedes any write still in flight, and returns
    /// its task so callers can wait for it.
    @discardableResult
    func set(_ newValue: @escaping Get) -> Task<Void, Never> {
        update {
            let value = try await newValue()
            // Superseded while computing the value: do not write it.
            try Task.checkCancellation()
            try await self.setter?(value)
            return value
        }
    }

    private func update(_ block: @escaping Get) -> Task<Void, Never> {
        slot.withLock { slot in
            slot.generation += 1
            let generation = slot.generation
            slot.newestWrite?.cancel()
            slot.state = .loading
            let write = Task {
                let outcome: AsyncState<Value>
                do {
                    outcome = .ready(try await block())
                } catch {
                    outcome = .failure(AsyncFailure(generation: generation, message: "\(error)"))
                }
                self.land(outcome, generation: generation)
            }
            slot.newestWrite = write
            return write
        }
    }

    /// Stores `outcome` unless a newer write has started since `generation`.
    private func land(_ outcome: AsyncState<Value>, generation: UInt64) {
        let landed = slot.withLock { slot in
            guard slot.generation == generation else { return false }
            slot.state = outcome
            slot.newestWrite = nil
            return true
        }
        if !landed {
            let summary = switch outcome {
            case .ready(let value): "it would have set \(value)"
            case .failure(let failure): "it ended with \(failure.message)"
            case .idle, .loading: "\(outcome)"
            }
            note("write \(generation) was superseded and dropped; \(summary)")
        }
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

        // Two quick taps: on (slow round trip), then off (fast round trip).
        let first = isOn.set {
            await slowWrite.wait()
            return true
        }
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
        if writes != [false] { broken.append("the backend saw \(writes), expected only [false]") }
        if !reflexive { broken.append("a failure state is not equal to itself") }
        if !broken.isEmpty { fatalError("AsyncBinding: " + broken.joined(separator: "; ")) }
        print("case finished cleanly")
    }
}
