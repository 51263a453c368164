// Case 18a: a dynamic cast to a protocol whose conformance is isolated
// (SE-0470) checks where it runs. On the main actor `as? any Renderer`
// succeeds; off the main actor the same cast of the same value returns nil:
// no trap, just a different answer, which code that falls back on a nil cast
// takes silently.
import Dispatch
import Glibc

nonisolated protocol Renderer {
    func render() -> String
}

@MainActor
final class Canvas: @MainActor Renderer {
    @MainActor func render() -> String { "frame" }
}

/// Carries an untyped value to another thread.
nonisolated final class Parcel: @unchecked Sendable {
    let value: Any
    init(_ value: Any) { self.value = value }
}

/// A line the probe collects as a note.
nonisolated func note(_ text: String) {
    print("probe-note: \(text)")
    fflush(nil)
}

@main
enum Program {
    @MainActor
    static func main() {
        let parcel = Parcel(Canvas())
        note("cast on the main actor: \(parcel.value as? any Renderer == nil ? "nil" : "a Renderer")")
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            note("cast off the main actor: \(parcel.value as? any Renderer == nil ? "nil" : "a Renderer")")
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap")
    }
}
