// A value stored into the box through a timed withLock is gone for the
// caller, exactly as with withLock; and nothing inside can leak out.
// mutex: skip Mutex has no timed lock
import SafeBox

final class Connection { var open = true }

let pool = SafeBox<[Connection]>([])

func keepUsingAfterStoring() {
    let connection = Connection()
    _ = pool.withLock(timeout: .seconds(1)) { $0.append(connection) } // expected-error: 'inout sending' parameter '$0' cannot be task-isolated at end of function
    connection.open = false
}

func leakThroughDeadline() -> Connection? {
    var leaked: Connection?
    _ = pool.withLock(deadline: .now + .seconds(1)) { leaked = $0.first } // expected-error: 'inout sending' parameter '$0' cannot be task-isolated at end of function
    return leaked
}
