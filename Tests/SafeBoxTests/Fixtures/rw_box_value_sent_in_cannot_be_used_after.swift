// Values moved into a ReaderWriterBox, by init or by a writer, are the
// box's alone: the caller may not keep using them, nor may a main-actor
// value be moved in at all.
// mutex: skip Mutex has no reader-writer variant
import SafeBox

final class Counter { var count = 0 }

func keepUsingAfterBoxing() {
    let counter = Counter()
    let box = ReaderWriterBox(counter) // expected-error: sending 'counter' risks causing data races
    counter.count += 1
    _ = box
}

@MainActor var mainActorCounter = Counter()

@MainActor
func shareMainActorCounter() {
    let box = ReaderWriterBox(mainActorCounter, preferring: .readers) // expected-error: sending value of non-Sendable type 'Counter' risks causing data races
    _ = box
}

let slot = ReaderWriterBox<Counter?>(nil)

func keepUsingAfterWriting() {
    let counter = Counter()
    slot.withWriteLock { $0 = counter } // expected-error: 'inout sending' parameter '$0' cannot be task-isolated at end of function
    counter.count += 1
}
