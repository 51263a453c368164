// Case 21a: a nonisolated async function asserts it runs off the main
// thread, which held while nonisolated async functions always left their
// caller's actor. Built with NonisolatedNonsendingByDefault it runs on its
// caller's actor, the main actor here, and the precondition stops the
// program.
import Dispatch

/// Written to assert it runs off the main thread, as it did when nonisolated
/// async functions always left the caller's actor.
nonisolated func decodeInBackground() async {
    dispatchPrecondition(condition: .notOnQueue(.main))
    print("decoded off the main thread")
}

@main
enum Program {
    @MainActor
    static func main() async {
        await decodeInBackground()
        print("case finished without a trap")
    }
}
