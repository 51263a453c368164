// The timed entry points have withLock's shape: typed throws pass through,
// noncopyable values and results work, the result is optional. Policies and
// the owner assertion need no change at any call site.
// mutex: skip Mutex has no timed lock, policies or owner assertion
import SafeBox

enum Busy: Error { case busy }

struct Ticket: ~Copyable { let number: Int }

let counter = SafeBox(0, policy: .checked)
let tickets = SafeBox(Ticket(number: 1), policy: .plain)

func bump() -> Int? {
    counter.withLock(timeout: .milliseconds(5)) { value in
        counter.assertOwnedByCurrentThread()
        value += 1
        return value
    }
}

func bumpOrThrow() throws(Busy) -> Int {
    let result: Int? = try counter.withLock(deadline: .now + .seconds(1)) { (value: inout Int) throws(Busy) -> Int in
        if value > 10 { throw .busy }
        return value
    }
    guard let result else { throw .busy }
    return result
}

func nextTicket() -> Ticket? {
    tickets.withLock(timeout: .seconds(1)) { ticket in
        let issued = Ticket(number: ticket.number)
        ticket = Ticket(number: ticket.number + 1)
        return issued
    }
}
