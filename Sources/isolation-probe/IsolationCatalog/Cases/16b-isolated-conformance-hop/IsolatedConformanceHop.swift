// Case 16b, the fix for 16a: no @unchecked holder. The background work holds
// the main-actor `Canvas` itself (a main-actor class is Sendable) and awaits
// its `render()`, which hops to the main actor, where the isolated
// conformance is valid.
protocol Renderer {
    func render() -> String
}

@MainActor
final class Canvas: @MainActor Renderer {
    var frames = 0
    func render() -> String {
        frames += 1
        return "frame \(frames)"
    }
}

@main
enum Program {
    @MainActor
    static func main() async {
        let canvas = Canvas()
        let background = Task.detached {
            print(await canvas.render())
        }
        await background.value
        print("case finished without a trap")
    }
}
