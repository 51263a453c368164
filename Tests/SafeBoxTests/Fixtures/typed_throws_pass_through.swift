// The closure's error type is preserved: `catch` sees a `QuotaError`, not
// `any Error`.
// mutex: same
import SafeBox

enum QuotaError: Error { case exhausted }

let quota = SafeBox(3)

func take() throws(QuotaError) -> Int {
    try quota.withLock { (remaining: inout Int) throws(QuotaError) -> Int in
        guard remaining > 0 else { throw .exhausted }
        remaining -= 1
        return remaining
    }
}

func takeOrZero() -> Int {
    do {
        return try take()
    } catch {
        let typed: QuotaError = error
        _ = typed
        return 0
    }
}
