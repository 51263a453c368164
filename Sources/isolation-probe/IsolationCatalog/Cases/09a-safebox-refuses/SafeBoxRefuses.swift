// Case 9a: the toolkit's SafeBox has Mutex's contract: its value goes in and
// out as `sending`. Storing a main-actor closure into it, the exact move
// that crashed cases 1-3, is refused at compile time in Swift 6.
import Dispatch
import SafeBox

enum Uploads {
    typealias Sink = (String) -> Void
    static let sink = SafeBox<Sink>({ print("default upload sink: \($0)") })

    static func notify(_ message: String) {
        sink.withLock { current in current(message) }
    }
}

@MainActor
final class UploadList {
    var rows: [String] = []

    init() {
        Uploads.sink.withLock { stored in
            stored = { message in
                self.rows.append(message)
                print("upload list row: \(message)")
            }
        }
    }
}

@main
enum Program {
    @MainActor
    static func main() {
        let list = UploadList()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Uploads.notify("photo.jpg uploaded")
            finished.signal()
        }
        finished.wait()
        print("case finished without a trap; \(list.rows.count) row(s)")
    }
}
