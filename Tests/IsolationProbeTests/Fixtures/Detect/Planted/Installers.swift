// Closures formed in isolated code are compiled as isolated to that actor.

@MainActor
func installMainHandler(on sink: Sink) {
    sink.handler = { message in print("main handler: \(message)") }  // detect: main-actor-off-main-thread 3
}

@Background
func installBackgroundAction(in box: Box<() -> Void>) {
    box.value = { print("background action ran") }  // detect: actor-isolated-off-actor 2
}

@MainActor
func mainOnlyWork() -> Int {  // detect: main-actor-off-main-thread 1
    41 + 1
}
