// Case 19b: case 19a's program unchanged, built with
// NonisolatedNonsendingByDefault. The nonisolated async function now runs on
// its caller's actor, the main actor here, so the assertion holds: the
// setting hides the bug until a caller off the main actor (or an
// `@concurrent` function, case 20a) reaches the helper.
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
