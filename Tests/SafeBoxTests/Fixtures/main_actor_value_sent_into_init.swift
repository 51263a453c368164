// A value owned by the main actor cannot be moved into a box that any
// thread may open.
// mutex: same
import SafeBox

final class Counter { var count = 0 }

@MainActor var mainActorCounter = Counter()

@MainActor
func shareMainActorCounter() {
    let box = SafeBox(mainActorCounter) // expected-error: sending value of non-Sendable type 'Counter' risks causing data races
    _ = box
}
