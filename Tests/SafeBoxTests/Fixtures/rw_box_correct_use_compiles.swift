// Correct uses of ReaderWriterBox compile without any @unchecked in the
// adopter's code: a `let` in a Sendable class shared by concurrent tasks,
// noncopyable values and results, typed throws, try and timed variants,
// and non-Sendable state reached through the exclusive write lock.
// mutex: skip Mutex has no reader-writer variant
import SafeBox

final class RouteTable: Sendable {
    private let routes = ReaderWriterBox<[String: Int]>([:])

    func lookup(_ path: String) -> Int? { routes.withReadLock { $0[path] } }
    func add(_ path: String, _ code: Int) { routes.withWriteLock { $0[path] = code } }
    func tryLookup(_ path: String) -> Int?? { routes.withReadLockIfAvailable { $0[path] } }
    func lookup(_ path: String, within timeout: Duration) -> Int?? {
        routes.withReadLock(timeout: timeout) { $0[path] }
    }
    func add(_ path: String, by deadline: ContinuousClock.Instant) -> Bool {
        routes.withWriteLock(deadline: deadline) { $0[path] = 200 } != nil
    }
}

func share(_ table: RouteTable) async {
    await withTaskGroup(of: Void.self) { group in
        for index in 0..<4 {
            group.addTask { _ = table.lookup("/\(index)") }
        }
        group.addTask { table.add("/", 200) }
    }
}

struct Descriptor: ~Copyable, Sendable {
    let raw: Int32
}

struct Token: ~Copyable { let id: Int }

let descriptor = ReaderWriterBox(Descriptor(raw: 3))

func issueToken() -> Token {
    descriptor.withReadLock { fd in Token(id: Int(fd.raw)) }
}

func replaceDescriptor() -> Token? {
    descriptor.withWriteLock(timeout: .milliseconds(10)) { fd in
        let old = fd.raw
        fd = Descriptor(raw: old + 1)
        return Token(id: Int(old))
    }
}

enum LookupError: Error { case missing(String) }

func require(_ path: String, in box: borrowing ReaderWriterBox<[String: Int]>) throws(LookupError) -> Int {
    try box.withReadLock { (routes: borrowing [String: Int]) throws(LookupError) -> Int in
        guard let code = routes[path] else { throw .missing(path) }
        return code
    }
}

final class Session { var hits = 0 }

let session = ReaderWriterBox(Session())

func touchSession() -> Int {
    session.withWriteLock { $0.hits += 1; return $0.hits }
}
