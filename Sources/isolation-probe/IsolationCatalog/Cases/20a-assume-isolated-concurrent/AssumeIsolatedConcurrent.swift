// Case 20a: case 19b's helper reached from an `@concurrent` function. Under
// NonisolatedNonsendingByDefault `@concurrent` is how a function asks to
// leave its caller's actor, so the assertion fails again, in every
// configuration.
/// A synchronous helper that asserts it runs on the main actor.
nonisolated func recordOnMain() {
    MainActor.assumeIsolated {
        print("recorded on the main actor")
    }
}

/// @concurrent: always off the caller's actor.
@concurrent nonisolated func refresh() async {
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
