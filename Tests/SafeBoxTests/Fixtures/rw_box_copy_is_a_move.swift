// A ReaderWriterBox is noncopyable: `let second = first` moves the lock,
// and `first` is gone.
// mutex: skip Mutex has no reader-writer variant
import SafeBox

func duplicateTheLock() {
    let first = ReaderWriterBox(0) // expected-error: 'first' used after consume
    let second = first
    first.withWriteLock { $0 += 1 }
    _ = second
}
