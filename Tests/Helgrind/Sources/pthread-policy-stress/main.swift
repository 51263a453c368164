// Threads increment a counter in a SafeBox with a pthread policy; with
// `--race` they also increment a plain global outside any lock, the bug a
// thread checker must catch. Uses pthread_create directly so the only
// synchronisation valgrind sees is the box's mutex and the joins.
//
//   pthread-policy-stress [normal|adaptive|errorCheck|priorityInheritance|lock-word] [--race]
//
// `lock-word` uses the default engine instead (SafeBox's futex lock word),
// which valgrind's tools do not understand: they report its protected
// accesses as races. That is why the pthread policies exist for them.
#if canImport(Glibc)
import Glibc
#endif
import SafeBox

let arguments = CommandLine.arguments.dropFirst()
let kindName = arguments.first { !$0.hasPrefix("--") } ?? "normal"
let policy: SafeBoxPolicy
if kindName == "lock-word" {
    policy = .adaptive
} else if let kind = SafeBoxPolicy.PThreadKind.allCases.first(where: { "\($0)" == kindName }) {
    policy = .pthread(kind)
} else {
    fatalError("pthread-policy-stress: unknown policy \(kindName); use a pthread kind or lock-word")
}
let race = arguments.contains("--race")

final class Shared: @unchecked Sendable {
    let counter: SafeBox<Int>
    /// Deliberately unguarded: written by every thread with --race.
    var unguarded = 0
    let race: Bool
    init(policy: SafeBoxPolicy, race: Bool) {
        counter = SafeBox(0, policy: policy)
        self.race = race
    }
}

let threads = 4
let iterations = 2_000
let shared = Shared(policy: policy, race: race)

func work(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let shared = Unmanaged<Shared>.fromOpaque(raw!).takeUnretainedValue()
    for _ in 0..<iterations {
        shared.counter.withLock { $0 += 1 }
        if shared.race { shared.unguarded += 1 }
    }
    return nil
}

var handles = [pthread_t](repeating: pthread_t(), count: threads)
for index in 0..<threads {
    let code = pthread_create(&handles[index], nil, work, Unmanaged.passUnretained(shared).toOpaque())
    precondition(code == 0, "pthread_create failed: \(code)")
}
for handle in handles {
    precondition(pthread_join(handle, nil) == 0)
}
let total = shared.counter.withLock { $0 }
precondition(total == threads * iterations, "lost increments: \(total)")
print("\(policy): \(total) increments\(race ? ", with an unguarded counter at \(shared.unguarded)" : "")")
