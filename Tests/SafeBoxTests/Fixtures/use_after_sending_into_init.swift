// After a non-Sendable value is sent into the box, the caller may not touch
// it again: that access would race with whoever holds the lock.
// mutex: same
import SafeBox

final class Counter { var count = 0 }

func keepUsingAfterBoxing() {
    let counter = Counter()
    let box = SafeBox(counter) // expected-error: sending 'counter' risks causing data races
    counter.count += 1
    _ = box
}
