// The catalog's isolation routes written as a user might, with other
// thread launchers and containers: one program, the variant named by its
// argument. Built with -enable-actor-data-race-checks, each variant traps
// (SIGILL on Linux); `TriageLauncherVariantsTests` triages each crash.
import Foundation

/// Case 2's container: a member of function type in an @unchecked Sendable class.
final class Box: @unchecked Sendable { var f: (() -> Void)? }

/// Case 2 through a setter: the closure reaches its storage through a computed property.
final class Slot: @unchecked Sendable {
    private var stored: (() -> Void)?
    var callback: (() -> Void)? {
        get { stored }
        set { stored = newValue }
    }
}

/// Case 2 through a parameter stored in a collection.
final class Registry: @unchecked Sendable {
    var handlers: [() -> Void] = []
    func add(_ handler: @escaping () -> Void) { handlers.append(handler) }
}

/// Case 1's container: a generic box.
final class GenericBox<Value>: @unchecked Sendable { var value: Value?; init() {} }

/// Case 8a: a requirement witnessed by a main-actor method.
protocol Renderer { func draw() }
@MainActor final class Canvas: @preconcurrency Renderer {
    func draw() { print("drawn on the main actor?") }
}
final class RendererHolder: @unchecked Sendable {
    let renderer: any Renderer
    init(_ renderer: any Renderer) { self.renderer = renderer }
}

@MainActor func install(_ box: Box) {
    box.f = { print("on the main actor?") }
}

@MainActor func installCallback(_ slot: Slot) {
    slot.callback = { print("on the main actor?") }
}

@MainActor func register(_ registry: Registry) {
    registry.add { print("on the main actor?") }
}

@MainActor func keep(_ box: GenericBox<() -> Void>) {
    box.value = { print("on the main actor?") }
}

/// Starts `body` on a thread of its own through `pthread_create`.
func startPThread(_ box: Box) {
    var thread = pthread_t()
    pthread_create(&thread, nil, { argument in
        Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().f?()
        return nil
    }, Unmanaged.passRetained(box).toOpaque())
}

@main
enum Program {
    @MainActor static func main() async {
        let variant = CommandLine.arguments.dropFirst().first ?? ""
        switch variant {
        case "thread-member":
            let box = Box()
            install(box)
            Thread { box.f?() }.start()
        case "pthread-member":
            let box = Box()
            install(box)
            startPThread(box)
        case "global-setter":
            let slot = Slot()
            installCallback(slot)
            DispatchQueue.global().async { slot.callback?() }
        case "detached-collection":
            let registry = Registry()
            register(registry)
            await Task.detached { registry.handlers.forEach { $0() } }.value
        case "thread-generic-box":
            let box = GenericBox<() -> Void>()
            keep(box)
            Thread { box.value?() }.start()
        case "thread-witness":
            let holder = RendererHolder(Canvas())
            Thread { holder.renderer.draw() }.start()
        case "global-assume-isolated":
            DispatchQueue.global().async { MainActor.assumeIsolated { print("promised the main actor") } }
        default:
            print("no such variant: \(variant)")
            exit(2)
        }
        sleep(5)
    }
}
