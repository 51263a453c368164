// Readers share the value, so a reader may not change it; only a writer
// gets `inout` access.
// mutex: skip Mutex has no reader-writer variant
import SafeBox

let limit = ReaderWriterBox(10)

func raiseUnderReadLock() {
    limit.withReadLock { $0 += 1 } // expected-error: left side of mutating operator isn't mutable
}

func raiseUnderWriteLock() {
    limit.withWriteLock { $0 += 1 }
}
