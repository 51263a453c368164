// A box is noncopyable: `let second = first` moves it, and `first` is gone.
// mutex: same
import SafeBox

func duplicateTheLock() {
    let first = SafeBox(0) // expected-error: 'first' used after consume
    let second = first
    first.withLock { $0 += 1 }
    _ = second
}
