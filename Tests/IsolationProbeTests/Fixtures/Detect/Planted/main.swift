import Foundation

let sink = Sink()
let box = Box<() -> Void>({})
let work = Box<@MainActor () -> Int>(mainOnlyWork)
installMainHandler(on: sink)
await installBackgroundAction(in: box)

// Call everything from a plain thread, as a DispatchQueue.global() block would.
await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    Thread.detachNewThread {
        for index in 1...3 { sink.handler("message \(index)") }
        box.value()
        box.value()
        // A @MainActor function value smuggled through the box and called
        // synchronously by unsafe casting, as preconcurrency code would.
        let unsafeCall = unsafeBitCast(work.value, to: (() -> Int).self)
        print("work: \(unsafeCall())")
        done.resume()
    }
}
print("planted program finished")
