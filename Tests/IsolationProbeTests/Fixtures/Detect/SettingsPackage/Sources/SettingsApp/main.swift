import Dispatch

let gallery = Gallery()
let finished = DispatchSemaphore(value: 0)
gallery.refresh(done: finished)
finished.wait()
print("settings-app finished")
