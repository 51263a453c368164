import Dispatch
import Foundation
import LockPeers
import MutexNext
import Testing

/// A Mutex (next) lock word and a counter it guards, shared with threads.
final class GuardedCounter: @unchecked Sendable {
    let mutex = UnsafeMutablePointer<mn_mutex_t>.allocate(capacity: 1)
    let value = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    init() {
        mn_mutex_init(mutex)
        value.initialize(to: 0)
    }
    deinit {
        mutex.deallocate()
        value.deallocate()
    }
    var slowPathDepth: UInt32 { mn_mutex_slow_path_depth(mutex) }
}

func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    return group
}

@Suite("Mutex (next)")
struct MutexNextTests {
    @Test("no increment is lost when 6 threads contend on 2 CPUs")
    func mutualExclusion() {
        let counter = GuardedCounter()
        let perThread = 50_000
        runThreads(6) { _ in
            for _ in 0..<perThread {
                mn_mutex_lock(counter.mutex)
                // Read, work, write back: a second thread inside would lose
                // an increment. The work makes holders slow enough that
                // waiters reach every state (spinning, parked, woken).
                let seen = counter.value.pointee
                keepAlive(workOutsideLock(40, seen))
                counter.value.pointee = seen + 1
                mn_mutex_unlock(counter.mutex)
            }
        }.wait()
        #expect(counter.value.pointee == 6 * perThread)
        #expect(mn_mutex_trylock(counter.mutex), "the lock is free after the run")
    }

    @Test("threads that find it held park in the kernel, and every one gets in after the unlock")
    func parkAndWake() {
        let counter = GuardedCounter()
        mn_mutex_lock(counter.mutex)
        let waiters = runThreads(5) { _ in
            mn_mutex_lock(counter.mutex)
            counter.value.pointee += 1
            mn_mutex_unlock(counter.mutex)
        }
        // The spin phase is 20 × 64-127 pauses (well under a millisecond):
        // within a few seconds every waiter has given up spinning and parked.
        let deadline = Date().addingTimeInterval(10)
        while counter.slowPathDepth < 5 && Date() < deadline { usleep(1_000) }
        #expect(counter.slowPathDepth == 5, "every waiter counted in slow_path_depth while parked")
        #expect(counter.value.pointee == 0, "nobody entered while the lock was held")
        mn_mutex_unlock(counter.mutex)
        #expect(waiters.wait(timeout: .now() + 10) == .success, "each unlock woke the next waiter")
        #expect(counter.value.pointee == 5)
        #expect(counter.slowPathDepth == 0)
    }

    @Test("trylock fails while held and succeeds once released")
    func tryLock() {
        let counter = GuardedCounter()
        #expect(mn_mutex_trylock(counter.mutex))
        #expect(!mn_mutex_trylock(counter.mutex))
        mn_mutex_unlock(counter.mutex)
        #expect(mn_mutex_trylock(counter.mutex))
        mn_mutex_unlock(counter.mutex)
    }
}

@Suite("Lock peers")
struct LockPeerTests {
    @Test("every peer that guards the dictionary loses no update with 4 threads", arguments: Peer.joining(.shapes) + Peer.joining(.engineStudy))
    func dictionary(peer: Peer) throws {
        // The harness stops the process on a lost update; a run that returns
        // counted its operations.
        let run = try #require(peer.dictionary(
            DictionarySpec(threads: 4, insideUnits: 16, outsideIterations: 0, duration: .milliseconds(30))))
        #expect(run.perThreadOps.count == 4)
        #expect(run.totalOps > 0)
    }

    @Test("producer/consumer records every consumer acquisition", arguments: [Peer.safeBox, Peer.mutexNext])
    func producerConsumer(peer: Peer) throws {
        let run = try #require(peer.producerConsumer(ProducerConsumerSpec(consumers: 3, consumerAcquisitions: 3_000)))
        #expect(run.count == 3_000)
        #expect(run.p50 <= run.p90 && run.p90 <= run.p99 && run.p99 <= run.p999 && run.p999 <= run.max)
    }

    @Test("a run's latencies survive the trip through run-latency's bucket field")
    func latencyBucketsRoundTrip() throws {
        let run = try #require(Peer.safeBox.producerConsumer(ProducerConsumerSpec(consumers: 3, consumerAcquisitions: 3_000)))
        var back = LatencyRun(p50: 0, p90: 0, p99: 0, p999: 0, max: 0, count: 0, elapsedNanoseconds: 0, producerAcquisitions: 0)
        let read = back.readBuckets(run.buckets(.consumers)[...], into: .consumers)
        #expect(read)
        #expect(back.latencies?.totalCount == run.count)
        #expect(pooledPercentiles([50, 90, 99, 99.9], of: [back]) == [run.p50, run.p90, run.p99, run.p999])
        let readProducer = back.readBuckets(run.buckets(.producer)[...], into: .producer)
        #expect(readProducer)
        #expect(back.producerLatencies?.totalCount == UInt64(run.producerAcquisitions))
        #expect(back.latencies?.totalCount == run.count)
        for malformed in ["40", "40:", "x:3", "40:0", "40:3,,", "40:3;41:2"] {
            var rejected = back
            let read = rejected.readBuckets(malformed[...], into: .consumers)
            #expect(!read, "accepted \(malformed)")
            #expect(rejected.latencies?.totalCount == run.count)
        }
    }

    /// A run whose consumer latencies are `buckets` (run-latency's VALUE:COUNT field).
    func consumerRun(_ buckets: String) throws -> LatencyRun {
        var run = LatencyRun(p50: 0, p90: 0, p99: 0, p999: 0, max: 0, count: 0, elapsedNanoseconds: 0, producerAcquisitions: 0)
        let read = run.readBuckets(buckets[...], into: .consumers)
        try #require(read)
        return run
    }

    @Test("pooled percentiles weigh every acquisition of every run alike")
    func pooledLatencyPercentiles() throws {
        // Two runs with 0.5% long waits (p99 40 ns) and one with 3% (p99
        // 2 ms): the median of the three p99s is 40 ns, but 40 of the 3000
        // waits together (1.3%) are long, so their p99 is a long wait.
        let spinning = try consumerRun("40:995,1000000:5")
        let parking = try consumerRun("40:970,2000000:30")
        #expect(pooledPercentiles([99], of: [spinning]) == [40])
        #expect(try #require(pooledPercentiles([99], of: [parking]))[0] >= 2_000_000)
        let pooled = try #require(pooledPercentiles([50, 99], of: [spinning, spinning, parking]))
        #expect(pooled[0] == 40)
        #expect(pooled[1] >= 1_000_000)
        var bare = spinning
        bare.latencies = nil
        #expect(pooledPercentiles([99], of: [spinning, bare]) == nil)
        // The producer's side pools on its own.
        #expect(pooledPercentiles([50], of: [spinning], side: .producer) == nil)
        var withProducer = spinning
        let read = withProducer.readBuckets("1000:10"[...], into: .producer)
        try #require(read)
        #expect(pooledPercentiles([50], of: [withProducer], side: .producer) == [1000])
        #expect(pooledPercentiles([50], of: [withProducer]) == [40])
    }

    @Test("the pooled mean weighs how long each acquisition waited, not only how many waited long")
    func pooledLatencyMean() throws {
        // 2% of waits at 3 µs against 1% at 500 µs: the first has the
        // higher p99 (3 µs against 40 ns), the second the higher mean.
        let spinning = try consumerRun("40:980,3000:20")
        let parking = try consumerRun("40:990,500000:10")
        let spinningP99 = try #require(pooledPercentiles([99], of: [spinning]))[0]
        let parkingP99 = try #require(pooledPercentiles([99], of: [parking]))[0]
        #expect(spinningP99 > parkingP99)
        let spinningMean = try #require(pooledMean(of: [spinning]))
        let parkingMean = try #require(pooledMean(of: [parking]))
        #expect(abs(spinningMean - 99.2) < 0.5)  // (40 × 980 + 3000 × 20) / 1000
        #expect(abs(parkingMean - 5039.6) / 5039.6 < 0.001)  // within the histogram's 3 digits
        // Pooled, each run weighs by its acquisitions.
        let both = try #require(pooledMean(of: [spinning, parking, parking]))
        #expect(abs(both - (spinningMean + 2 * parkingMean) / 3) < 1e-6 * both)
        var bare = spinning
        bare.latencies = nil
        #expect(pooledMean(of: [spinning, bare]) == nil)
        #expect(pooledMean(of: [spinning], side: .producer) == nil)
    }

    @Test("Gini coefficient of each thread's share")
    func giniCoefficient() {
        #expect(gini([10, 10, 10, 10]) == 0)
        #expect(abs(gini([40, 0, 0, 0]) - 0.75) < 1e-12)
        #expect(abs(gini([1, 2, 3, 4]) - 0.25) < 1e-12)
        #expect(gini([7]) == 0)
    }
}
