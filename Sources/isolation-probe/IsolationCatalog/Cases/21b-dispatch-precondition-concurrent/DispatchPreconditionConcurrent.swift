// Case 21b, the fix for 21a: the function says it must leave its caller's
// actor, `@concurrent`, so it runs on the global executor under
// NonisolatedNonsendingByDefault too.
import Dispatch

@concurrent
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
