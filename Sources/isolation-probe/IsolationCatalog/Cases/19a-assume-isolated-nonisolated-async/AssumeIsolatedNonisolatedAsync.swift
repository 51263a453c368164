// Case 19a: a synchronous helper asserts the main actor with
// `MainActor.assumeIsolated` and is called from a nonisolated async function
// that the main actor awaits. Without NonisolatedNonsendingByDefault a
// nonisolated async function runs on the global executor, not on its
// caller's actor, so the assertion fails.
/// A synchronous helper that asserts it runs on the main actor.
nonisolated func recordOnMain() {
    MainActor.assumeIsolated {
        print("recorded on the main actor")
    }
}

/// No isolation written: where it runs depends on the settings.
nonisolated func refresh() async {
    recordOnMain()
}

@main
enum Program {
    @MainActor
    static func main() async {
        await refresh()
        print("case finished without a trap")
    }
}
