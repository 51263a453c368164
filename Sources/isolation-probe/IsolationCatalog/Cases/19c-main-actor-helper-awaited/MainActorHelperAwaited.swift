// Case 19c, the fix for 19a, 19b and 20a: the helper states its isolation,
// `@MainActor`, instead of asserting it, and callers await it. The call hops
// to the main actor from wherever it is made, with or without
// NonisolatedNonsendingByDefault.
@MainActor
func recordOnMain() {
    print("recorded on the main actor")
}

nonisolated func refresh() async {
    await recordOnMain()
}

@concurrent
nonisolated func refreshInBackground() async {
    await recordOnMain()
}

@main
enum Program {
    @MainActor
    static func main() async {
        await refresh()
        await refreshInBackground()
        print("case finished without a trap")
    }
}
