import PlantedLib
import Testing

@Test @MainActor func callbackFiresFromBackgroundThread() {
    let store = CallbackStore()
    installCallback(on: store)
    store.fireFromBackgroundThread(times: 4)
    #expect(Bool(true))
}
