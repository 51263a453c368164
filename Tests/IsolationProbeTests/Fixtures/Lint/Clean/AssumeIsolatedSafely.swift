import Dispatch

// assumeIsolated where the closure is known to run on the actor, or where
// nothing says it does not: no finding.

final class MainCallbacks: Sendable {
    func onMainChange(_ action: @escaping @MainActor @Sendable (Int) -> Void) {}
}

@MainActor final class Badge {
    var count = 0
}

func unknownLibraryCall(_ body: @escaping () -> Void) {}

func wireSafely(_ callbacks: MainCallbacks, badge: Badge) {
    callbacks.onMainChange { value in
        MainActor.assumeIsolated { badge.count = value }
    }
    DispatchQueue.main.async {
        MainActor.assumeIsolated { badge.count = 0 }
    }
    Task { @MainActor in
        MainActor.assumeIsolated { badge.count += 1 }
    }
    unknownLibraryCall {
        MainActor.assumeIsolated { badge.count = 2 }
    }
    if Thread.isMainThread {
        MainActor.assumeIsolated { badge.count = 3 }
    }
}

enum Thread {
    static var isMainThread: Bool { true }
}
