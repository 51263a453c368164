// Case 16a: an isolated conformance (SE-0470, `@MainActor Renderer`) is only
// valid on the main actor, and the compiler keeps it there: it will not let
// it cross into a Sendable value. An `@unchecked Sendable` holder of
// `any Renderer` hides that, and a background queue calls the witness.
// Without checks that is a silent race on `frames`; with
// `-enable-actor-data-race-checks` the witness checks its executor and traps.
import Dispatch

nonisolated protocol Renderer {
    func render() -> String
}

@MainActor
final class Canvas: @MainActor Renderer {
    var frames = 0
    @MainActor func render() -> String {
        frames += 1
        return "frame \(frames)"
    }
}

/// Hands any renderer to any thread: the @unchecked promise hides that the
/// conformance inside is only valid on the main actor.
nonisolated final class RendererHolder: @unchecked Sendable {
    let renderer: any Renderer
    init(_ renderer: any Renderer) { self.renderer = renderer }
}

@main
enum Program {
    @MainActor
    static func main() {
        let holder = RendererHolder(Canvas())
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            print(holder.renderer.render())
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap")
    }
}
