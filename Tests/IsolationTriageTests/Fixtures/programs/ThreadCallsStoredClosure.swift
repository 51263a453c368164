// The seed's bug in a few lines: a main-actor closure stored into an
// @unchecked Sendable class, later called from a Thread. Built with
// -enable-actor-data-race-checks, the call traps (SIGILL on Linux).
import Foundation

final class Box: @unchecked Sendable { var f: (() -> Void)? }

@MainActor func install(_ b: Box) {
    b.f = { print("on the main actor?") }
}

@main
enum Program {
    @MainActor static func main() {
        let b = Box()
        install(b)
        Thread { b.f?() }.start()
        sleep(5)
    }
}
