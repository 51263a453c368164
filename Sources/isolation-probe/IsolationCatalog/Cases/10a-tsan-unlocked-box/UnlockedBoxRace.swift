// Case 10a: the unlocked box as what it also is, a plain data race. One
// thread keeps replacing the stored sink while another keeps reading and
// calling it, with no lock in between. Built with `-sanitize=thread`,
// ThreadSanitizer reports the conflicting accesses to `value`.
//
// Both loops wait at a start line made of relaxed atomics, so they run at
// the same time; relaxed operations create no happens-before edge, so the
// start line hides nothing from TSan. On this machine a single attempt was
// reported in roughly two runs out of three (TSan only judges the accesses
// it happens to compare), so the program makes several attempts.
//
// Each loop gets a thread of its own. On a dispatch queue the start line
// can wait forever: the pool is not obliged to run both blocks at once, and
// with one CPU (`taskset -c 0`) it ran the first block alone, spinning for a
// partner that never started, in 2 runs out of 3.
import Foundation
import Synchronization

/// The seed-style generic box, without the lock it "promises".
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

let slot = Box<@Sendable (String) -> Void>({ _ in })
let ready = Atomic<Int>(0)
let iterations = 5_000
let attempts = 8

/// Announces this thread and spins until the other one has arrived too.
func waitForBothThreads(attempt: Int) {
    ready.add(1, ordering: .relaxed)
    while ready.load(ordering: .relaxed) < 2 * (attempt + 1) {}
}

/// Runs `body` on a new thread of its own, inside `group`.
func startThread(in group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    Thread {
        body()
        group.leave()
    }.start()
}

@main
enum Program {
    static func main() {
        for attempt in 0..<attempts {
            let finished = DispatchGroup()
            startThread(in: finished) {
                waitForBothThreads(attempt: attempt)
                for round in 0..<iterations {
                    slot.value = { _ in _ = round }     // writer
                }
            }
            startThread(in: finished) {
                waitForBothThreads(attempt: attempt)
                for _ in 0..<iterations {
                    slot.value("tick")                  // reader
                }
            }
            finished.wait()
        }
        print("case finished; a race report, if any, is above")
    }
}
