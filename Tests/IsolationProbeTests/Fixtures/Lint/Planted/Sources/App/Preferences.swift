import Dispatch

/// A framework-style API that promises a @Sendable call, not a thread
/// (the shape of the probe's catalog case 13a).
final class PreferenceChanges<Value: Sendable>: Sendable {
    func onChange(_ action: @escaping @Sendable (Value) -> Void) {}
    func onChange(of key: String, perform action: @escaping ChangeAction<Value>) {}
}

typealias ChangeAction<Value> = @Sendable (Value) -> Void

@MainActor final class Spinner {
    var isSpinning = false
}

func wire(_ changes: PreferenceChanges<Int>, spinner: Spinner) {
    changes.onChange { value in
        MainActor.assumeIsolated { spinner.isSpinning = value > 0 }  // expect: assume-isolated-in-sendable-closure
    }
    changes.onChange(of: "busy", perform: { value in
        _ = MainActor.assumeIsolated { spinner.isSpinning }  // expect: assume-isolated-in-sendable-closure
    })
    DispatchQueue.global(qos: .utility).async {
        MainActor.assumeIsolated { spinner.isSpinning = false }  // expect: assume-isolated-in-sendable-closure
    }
    let reset: @Sendable () -> Void = { @Sendable in
        for _ in 0..<2 {
            [1, 2].forEach { _ in
                MainActor.assumeIsolated { spinner.isSpinning = true }  // expect: assume-isolated-in-sendable-closure
            }
        }
    }
    reset()
}
