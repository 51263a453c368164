// Case 8c: `MainActor.assumeIsolated` is a promise checked at run time.
// Called from a background queue, the promise is false and the program
// stops, in every language mode.
import Dispatch

@MainActor
final class Counter {
    var value = 0
}

@main
enum Program {
    @MainActor
    static func main() {
        let counter = Counter()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            MainActor.assumeIsolated {
                counter.value += 1
            }
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap")
    }
}
