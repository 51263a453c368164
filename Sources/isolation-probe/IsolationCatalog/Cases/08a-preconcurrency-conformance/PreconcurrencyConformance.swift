// Case 8a: a `@MainActor` type conforms to a nonisolated protocol with
// `@preconcurrency`. The compiler accepts it because it inserts a run-time
// check into the witness: whoever calls the requirement off the main actor
// traps, in Swift 6 with no extra flag.
import Dispatch

/// A plain protocol from code that predates concurrency annotations.
protocol ProgressReporter {
    func report(_ fraction: Double)
}

@MainActor
final class ProgressBadge: @preconcurrency ProgressReporter {
    var shown = 0.0
    func report(_ fraction: Double) {
        shown = fraction
        print("badge shows \(Int(fraction * 100))%")
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        // A main-actor class is Sendable, so this existential may cross threads.
        let reporter: any ProgressReporter & Sendable = ProgressBadge()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            reporter.report(0.5)
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap")
    }
}
