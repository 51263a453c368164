import Foundation
import Testing

/// Blocks the calling thread until the exit test's process ends.
func parkForever() -> Never {
    while true { Thread.sleep(forTimeInterval: 60) }
}

/// What an exit test's process wrote to standard error, as text.
func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}
