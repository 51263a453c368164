import Foundation

let sink = Sink()
installMainHandler(on: sink)
let action = await makeBackgroundAction()

await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    Thread.detachNewThread {
        for index in 1...3 { sink.handler("message \(index)") }
        action()
        action()
        done.resume()
    }
}
// Main-actor work runs on the main actor: no violation.
print("work: \(mainOnlyWork())")
print("clean program finished")
