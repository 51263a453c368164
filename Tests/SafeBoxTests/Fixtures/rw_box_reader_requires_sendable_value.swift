// Readers of a ReaderWriterBox run at the same time on different threads.
// A non-Sendable value shared that way races (two readers holding the same
// class reference can both mutate it), and `borrowing` does not stop that,
// so the read API exists only for Sendable values. Writes stay available.
// mutex: skip Mutex has no reader-writer variant
import SafeBox

final class Counter { var count = 0 }

let counters = ReaderWriterBox(Counter())

func readersWouldRace() -> Int {
    counters.withReadLock { $0.count += 1; return $0.count } // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
}

func tryReadersWouldRace() -> Int? {
    counters.withReadLockIfAvailable { $0.count } // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
}

func timedReadersWouldRace() -> Int? {
    counters.withReadLock(timeout: .seconds(1)) { $0.count } // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
}

func exclusiveAccessIsFine() -> Int {
    counters.withWriteLock { $0.count += 1; return $0.count }
}
