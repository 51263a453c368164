// Force-unwraps a missing dictionary entry on a background queue: SIGILL
// from a trap that is not the executor check.
import Dispatch

@main
enum Program {
    static func main() {
        let settings: [String: Int] = ["width": 3]
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            print("height:", settings["height"]!)
            done.signal()
        }
        done.wait()
    }
}
