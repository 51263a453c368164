// Like SafeBox and Mutex, a ReaderWriterBox is noncopyable and must be a
// `let`: a `var` could be reassigned while readers are inside.
// mutex: skip Mutex has no reader-writer variant
import SafeBox

func reassignable() {
    var box = ReaderWriterBox(0) // expected-error: variable of type 'ReaderWriterBox<Int>' must be declared with a 'let'
    box.withWriteLock { $0 += 1 }
}
