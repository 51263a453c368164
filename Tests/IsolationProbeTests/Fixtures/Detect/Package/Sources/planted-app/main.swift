import PlantedLib

let store = CallbackStore()
installCallback(on: store)
store.fireFromBackgroundThread(times: 2)
print("planted-app finished")
