// Readers borrow the value: they cannot consume a noncopyable value, which
// would move it out from under the other readers. Only a writer may
// replace it.
// mutex: skip Mutex has no reader-writer variant
import SafeBox

struct Descriptor: ~Copyable, Sendable {
    let raw: Int32
    consuming func close() -> Int32 { raw }
}

let descriptor = ReaderWriterBox(Descriptor(raw: 3))

func closeWhileOthersRead() -> Int32 {
    descriptor.withReadLock { fd in fd.close() } // expected-error: 'fd' is borrowed and cannot be consumed
}

func closeUnderWriteLock() -> Int32 {
    descriptor.withWriteLock { fd in
        let old = fd.raw
        fd = Descriptor(raw: old + 1)
        return old
    }
}
