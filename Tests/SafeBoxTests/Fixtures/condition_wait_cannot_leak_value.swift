// Neither the condition nor the body of a condition wait can smuggle the
// guarded value out of the lock: both get it `inout sending`. (A
// `borrowing` condition would let `leaked = $0` through for a class.)
// Values sent into the box through the body are gone for the caller.
// mutex: skip Mutex has no condition waits
import SafeBox

final class Connection { var open = true }

let pool = SafeBox<[Connection]>([])

func leakFromCondition() -> Connection? {
    var leaked: Connection?
    pool.withLock(when: { leaked = $0.first; return true }) { _ in } // expected-error: 'inout sending' parameter '$0' cannot be task-isolated at end of function
    return leaked
}

func leakFromBody() -> Connection? {
    var leaked: Connection?
    pool.withLock(when: { !$0.isEmpty }) { leaked = $0.first } // expected-error: 'inout sending' parameter '$0' cannot be task-isolated at end of function
    return leaked
}

func keepUsingAfterReturning() {
    let connection = Connection()
    _ = pool.withLock(when: { $0.count < 4 }, timeout: .seconds(1)) { $0.append(connection) } // expected-error: 'inout sending' parameter '$0' cannot be task-isolated at end of function
    connection.open = false
}
