// withLockIfAvailable has withLock's signature with an optional result.
// mutex: same
import SafeBox

let hits = SafeBox(0)

func tryCount() -> Int? {
    hits.withLockIfAvailable { count in
        count += 1
        return count
    }
}

enum Busy: Error { case busy }

func tryCountOrThrow() throws(Busy) -> Int {
    let result: Int? = try hits.withLockIfAvailable { (count: inout Int) throws(Busy) -> Int in
        if count > 10 { throw .busy }
        return count
    }
    guard let result else { throw .busy }
    return result
}
