@MainActor
func installMainHandler(on sink: Sink) {
    sink.handler = { message in print("main handler: \(message)") }
}

@Background
func makeBackgroundAction() -> @Sendable () -> Void {
    { print("background action ran") }
}

@MainActor
func mainOnlyWork() -> Int {
    41 + 1
}
