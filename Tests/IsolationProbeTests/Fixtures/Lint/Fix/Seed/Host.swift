// The host app: its main-actor initializer installs a sink that touches
// main-actor state. With `LoggingSink` not @Sendable this compiles and traps
// when a background queue logs; with it @Sendable the compiler rejects it.
@MainActor
final class AppModel {
    var lastMessage = ""

    init() {
        Logging.sink = { message in self.lastMessage = message }
    }
}
