// The guarded value is only lent to the closure for the duration of the
// lock; an escaping closure cannot keep a reference to it.
// mutex: same
import SafeBox
import Dispatch

func leakTheValue(_ box: borrowing SafeBox<Int>) {
    box.withLock { value in
        DispatchQueue.global().async { value += 1 } // expected-error: mutable capture of 'inout' parameter 'value' is not allowed in concurrently-executing code
    }
}
