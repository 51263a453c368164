// Case 17a: case 16a with no isolation written anywhere. Under
// `-default-isolation MainActor` the class is main-actor isolated and its
// conformance to the nonisolated protocol is inferred isolated (on this
// toolchain the default isolation alone does it; InferIsolatedConformances is
// set too, as an app target has it). An `@unchecked Sendable` holder carries
// the value to a background queue, which calls the witness.
import Dispatch

nonisolated protocol Renderer {
    func render() -> String
}

/// No isolation written: default isolation makes the class main-actor
/// isolated, and InferIsolatedConformances makes its conformance isolated too.
final class Canvas: Renderer {
    var frames = 0
    func render() -> String {
        frames += 1
        return "frame \(frames)"
    }
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
