// Case 17b, the fix for 17a: the conformance is written `nonisolated`, so it
// is valid on every thread, and the compiler holds the witness to that:
// `render()` must be nonisolated and may only use what is safe from any
// thread (here a `let`).
import Dispatch

nonisolated protocol Renderer {
    func render() -> String
}

final class Canvas: nonisolated Renderer {
    let name = "canvas"
    nonisolated func render() -> String { "frame of \(name)" }
}

nonisolated final class RendererHolder: @unchecked Sendable {
    let renderer: any Renderer
    init(_ renderer: any Renderer) { self.renderer = renderer }
}

@main
enum Program {
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
