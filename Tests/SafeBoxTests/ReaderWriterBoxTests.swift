import Foundation
import Testing
import TestSupport

@testable import SafeBox

/// A pair whose halves writers keep equal; a reader seeing them differ
/// would have overlapped a writer.
private struct Pair: Sendable {
    var left = 0
    var right = 0
}

@Suite("ReaderWriterBox")
struct ReaderWriterBoxTests {
    @Test("writes are kept and seen by later reads")
    func writesAreVisible() {
        let box = ReaderWriterBox([1, 2])
        let count = box.withWriteLock { values -> Int in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(box.withReadLock { $0 } == [1, 2, 3])
        #expect(box.withReadLockIfAvailable { $0.last } == 3)
        #expect(box.withWriteLockIfAvailable { $0.removeFirst() } == 1)
    }

    @Test("two readers are inside at the same time")
    func readersOverlap() {
        // A rendezvous inside the read lock: each reader announces itself
        // and waits for the other. With an exclusive lock the second reader
        // cannot enter until the first gives up waiting, so at most one
        // of them would see the other.
        let box = ReaderWriterBox("shared")
        let firstInside = DispatchSemaphore(value: 0)
        let secondInside = DispatchSemaphore(value: 0)
        let sawTheOther = SharedCounter()
        let first = spawnThread {
            box.withReadLock { _ in
                firstInside.signal()
                if secondInside.wait(seconds: 10) { sawTheOther.increment() }
            }
        }
        box.withReadLock { _ in
            secondInside.signal()
            if firstInside.wait(seconds: 10) { sawTheOther.increment() }
        }
        first.wait()
        #expect(sawTheOther.value == 2)
    }

    @Test("a writer excludes readers and other writers")
    func writerIsExclusive() {
        let box = ReaderWriterBox(Pair())
        let torn = SharedCounter()
        onThreads(8) { index in
            for _ in 0..<2_000 {
                if index.isMultiple(of: 2) {
                    box.withWriteLock { pair in
                        pair.left += 1
                        pair.right += 1
                    }
                } else {
                    box.withReadLock { pair in
                        if pair.left != pair.right { torn.increment() }
                    }
                }
            }
        }
        #expect(torn.value == 0)
        #expect(box.withReadLock { $0.left } == 4 * 2_000)
    }

    @Test("with writer preference (the default) a queued writer holds off new readers")
    func writerPreferenceStopsStarvation() {
        let box = ReaderWriterBox(0)
        let order = SafeBox<[String]>([])
        let firstReaderInside = DispatchSemaphore(value: 0)
        let releaseFirstReader = DispatchSemaphore(value: 0)

        let firstReader = spawnThread {
            box.withReadLock { _ in
                firstReaderInside.signal()
                _ = releaseFirstReader.wait(seconds: 10)
            }
        }
        #expect(firstReaderInside.wait(seconds: 10))
        let writer = spawnThread {
            box.withWriteLock { value in
                value += 1
                order.withLock { $0.append("writer") }
            }
        }
        // Only a reader holds the lock, so a new reader is refused only
        // because the writer has queued: that is writer preference at work.
        let newReadersRefused = eventually { box.withReadLockIfAvailable { _ in } == nil }
        #expect(newReadersRefused)

        // A stream of readers arriving now queues behind the writer.
        let lateReaders = (0..<4).map { index in
            spawnThread {
                box.withReadLock { seen in
                    order.withLock { $0.append("reader \(index) saw \(seen)") }
                }
            }
        }
        releaseFirstReader.signal()
        firstReader.wait()
        writer.wait()
        for reader in lateReaders { reader.wait() }

        let log = order.withLock { $0 }
        #expect(log.first == "writer")
        #expect(log.dropFirst().allSatisfy { $0.hasSuffix("saw 1") })
    }

    @Test("with reader preference, overlapping readers keep a writer out indefinitely")
    func readerPreferenceStarvesWriters() {
        // A relay of readers: each new reader enters before the previous one
        // leaves, so the lock is never free of readers. Reader preference
        // keeps admitting them, and the writer waits for the whole relay.
        let box = ReaderWriterBox(0, preferring: .readers)
        let relayLength = 20
        let inside = (0...relayLength).map { _ in DispatchSemaphore(value: 0) }
        let release = (0...relayLength).map { _ in DispatchSemaphore(value: 0) }
        let writerDone = SharedCounter()
        let writerStarted = DispatchSemaphore(value: 0)

        func startReader(_ index: Int) -> DispatchGroup {
            spawnThread {
                box.withReadLock { _ in
                    inside[index].signal()
                    _ = release[index].wait(seconds: 10)
                }
            }
        }

        var readers = [startReader(0)]
        #expect(inside[0].wait(seconds: 10))
        let writer = spawnThread {
            writerStarted.signal()
            box.withWriteLock { $0 += 1 }
            writerDone.increment()
        }
        writerStarted.wait()
        // Give the writer time to block in pthread_rwlock_wrlock. The
        // assertions below hold however long this takes; the pause only
        // makes sure the writer is really queued while they are checked.
        Thread.sleep(forTimeInterval: 0.05)
        #expect(box.withReadLockIfAvailable { _ in true } == true)

        var admittedWhileWriterWaited = 0
        for index in 1...relayLength {
            readers.append(startReader(index))
            guard inside[index].wait(seconds: 10) else { break }
            if writerDone.value == 0 { admittedWhileWriterWaited += 1 }
            release[index - 1].signal()
        }
        #expect(admittedWhileWriterWaited == relayLength)
        #expect(writerDone.value == 0)

        release[relayLength].signal()
        for reader in readers { reader.wait() }
        #expect(writer.wait(seconds: 10))
        #expect(box.withReadLock { $0 } == 1)
    }

    @Test("a read lock times out while a writer holds the box")
    func readTimeoutExpires() {
        let box = ReaderWriterBox(7)
        let holder = holdOnAnotherThread { whileHeld in box.withWriteLock { _ in whileHeld() } }
        let timeout = Duration.milliseconds(100)
        let byTimeout = measure { box.withReadLock(timeout: timeout) { $0 } }
        expectGaveUp(byTimeout, after: timeout)

        let byDeadline = measure { box.withReadLock(deadline: .now + timeout) { $0 } }
        expectGaveUp(byDeadline, after: timeout)
        #expect(box.withReadLockIfAvailable { $0 } == nil)

        holder.release()
        holder.done.wait()
        #expect(box.withReadLock(timeout: .seconds(10)) { $0 } == 7)
    }

    @Test("a write lock times out while a reader holds the box")
    func writeTimeoutExpires() {
        let box = ReaderWriterBox(7)
        let holder = holdOnAnotherThread { whileHeld in box.withReadLock { _ in whileHeld() } }
        let timeout = Duration.milliseconds(100)
        let byTimeout = measure { box.withWriteLock(timeout: timeout) { $0 += 1 } }
        expectGaveUp(byTimeout, after: timeout)

        let byDeadline = measure { box.withWriteLock(deadline: .now + timeout) { $0 += 1 } }
        expectGaveUp(byDeadline, after: timeout)
        #expect(box.withWriteLockIfAvailable { $0 += 1 } == nil)

        holder.release()
        holder.done.wait()
        let afterRelease = box.withWriteLock(deadline: .now + .seconds(10)) { value -> Int in
            value += 1
            return value
        }
        #expect(afterRelease == 8)
    }

    @Test("a zero or negative timeout still takes a free lock")
    func zeroTimeoutTakesFreeLock() {
        let box = ReaderWriterBox(1)
        #expect(box.withReadLock(timeout: .zero) { $0 } == 1)
        #expect(box.withWriteLock(timeout: .seconds(-1)) { value -> Int in
            value += 1
            return value
        } == 2)
        #expect(box.withReadLock(deadline: .now - .seconds(1)) { $0 } == 2)
        #expect(box.withWriteLock(deadline: .now - .seconds(1)) { $0 } == 2)
    }

    @Test("an error thrown by a reader or writer releases the lock and keeps its type")
    func errorsReleaseTheLock() {
        enum Refusal: Error, Equatable { case refused(Int) }
        let box = ReaderWriterBox(3)
        #expect(throws: Refusal.refused(3)) {
            try box.withReadLock { (value: Int) throws(Refusal) -> Void in throw .refused(value) }
        }
        #expect(throws: Refusal.refused(4)) {
            try box.withWriteLock { (value: inout Int) throws(Refusal) -> Void in
                value += 1
                throw .refused(value)
            }
        }
        // Free again: a try-lock for writing succeeds.
        #expect(box.withWriteLockIfAvailable { $0 } == 4)
    }

    @Test("noncopyable values and results")
    func noncopyableValues() {
        struct Handle: ~Copyable, Sendable { var raw: Int }
        struct Receipt: ~Copyable { let raw: Int }
        let box = ReaderWriterBox(Handle(raw: 5))
        let receipt = box.withReadLock { Receipt(raw: $0.raw) }
        #expect(receipt.raw == 5)
        let replaced = box.withWriteLock { handle -> Receipt in
            let old = handle.raw
            handle = Handle(raw: old * 2)
            return Receipt(raw: old)
        }
        #expect(replaced.raw == 5)
        #expect(box.withReadLock { $0.raw } == 10)
    }

    @Test("reading inside a write lock stops with a message naming the misuse")
    func readInsideWriteStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = ReaderWriterBox(0)
            box.withWriteLock { _ in
                box.withReadLock { _ in }
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("pthread_rwlock_rdlock failed: EDEADLK"))
        #expect(stderr.contains("ReaderWriterBox re-entered on the thread that holds its write lock"))
    }

    @Test(
        "asking for the write lock inside a read lock stops with a message instead of hanging",
        .enabled(if: ReaderWriterLockCell.tracksReaders, "only debug builds of SafeBox track readers")
    )
    func writeInsideReadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = ReaderWriterBox(0)
            box.withReadLock { _ in
                box.withWriteLock { $0 += 1 }
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("withWriteLock inside withReadLock deadlocks"))
    }

    @Test(
        "with writer preference a nested read lock stops with a message; with reader preference it is allowed",
        .enabled(if: ReaderWriterLockCell.tracksReaders, "only debug builds of SafeBox track readers")
    )
    func nestedReadLocks() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = ReaderWriterBox(0)
            box.withReadLock { _ in
                box.withReadLock { _ in }
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("withReadLock inside withReadLock deadlocks once a writer queues"))

        let relaxed = ReaderWriterBox(7, preferring: .readers)
        let inner = relaxed.withReadLock { outer in
            relaxed.withReadLock { $0 + outer }
        }
        #expect(inner == 14)
        // Both read locks were released: a writer gets in.
        #expect(relaxed.withWriteLockIfAvailable { $0 } == 7)
    }
}
