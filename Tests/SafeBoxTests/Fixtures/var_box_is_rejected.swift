// Like Mutex, a box must be declared with `let`: a `var` box could be
// reassigned while another thread holds its lock.
// mutex: same
import SafeBox

func reassignable() {
    var box = SafeBox(0) // expected-error: variable of type 'SafeBox<Int>' must be declared with a 'let'
    box.withLock { $0 += 1 }
}
