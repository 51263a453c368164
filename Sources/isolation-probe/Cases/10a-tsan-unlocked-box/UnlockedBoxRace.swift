// Case 10a: the unlocked box as what it also is, a plain data race. One
// thread keeps replacing the stored sink while another keeps reading and
// calling it, with no lock in between. Built with `-sanitize=thread`,
// ThreadSanitizer reports the conflicting accesses to `value`.
import Dispatch

/// The seed-style generic box, without the lock it "promises".
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

let slot = Box<@Sendable (String) -> Void>({ _ in })

@main
enum Program {
    static func main() {
        let bothRunning = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            bothRunning.wait()  // make the two loops overlap in time
            for round in 0..<20_000 {
                slot.value = { _ in _ = round }   // writer
            }
        }
        DispatchQueue.global().async(group: group) {
            bothRunning.signal()
            for _ in 0..<20_000 {
                slot.value("tick")                // reader
            }
        }
        group.wait()
        print("case finished; a race report, if any, is above")
    }
}
