// Correct uses of condition waits compile: a blocking take of a
// non-Sendable element (a fresh value leaves as `sending`), noncopyable
// values and results, typed throws from the body, the
// timed variants, and a condition written on the main actor.
// mutex: skip Mutex has no condition waits
import SafeBox

final class Job { var name = "" }

let jobs = SafeBox<[Job]>([])

func take() -> Job {
    jobs.withLock(when: { !$0.isEmpty }) { $0.removeFirst() }
}

func put() {
    jobs.withLock(when: { $0.count < 16 }) { $0.append(Job()) }
}

func take(within timeout: Duration) -> Job? {
    jobs.withLock(when: { !$0.isEmpty }, timeout: timeout) { $0.removeFirst() }
}

struct Permit: ~Copyable { let number: Int }

struct Permits: ~Copyable {
    var available: Int
    mutating func issue() -> Permit {
        available -= 1
        return Permit(number: available)
    }
}

let permits = SafeBox(Permits(available: 2))

func acquire(by deadline: ContinuousClock.Instant) -> Permit? {
    permits.withLock(when: { $0.available > 0 }, deadline: deadline) { $0.issue() }
}

enum ShutDown: Error { case closed }

let inbox = SafeBox<(closed: Bool, items: [Int])>((false, []))

func receive() throws(ShutDown) -> Int {
    try inbox.withLock(when: { $0.closed || !$0.items.isEmpty }) {
        (state: inout (closed: Bool, items: [Int])) throws(ShutDown) -> Int in
        if state.closed { throw .closed }
        return state.items.removeFirst()
    }
}

func receive(by deadline: ContinuousClock.Instant) throws(ShutDown) -> Int? {
    let received: Int? = try inbox.withLock(when: { $0.closed || !$0.items.isEmpty }, deadline: deadline) {
        (state: inout (closed: Bool, items: [Int])) throws(ShutDown) -> Int in
        if state.closed { throw .closed }
        return state.items.removeFirst()
    }
    return received
}

let ready = SafeBox(false)

@MainActor
func waitForReadyOnMain() {
    let threshold = true
    ready.withLock(when: { $0 == threshold }) { _ in }
}
