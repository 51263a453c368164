import Atomics
import Dispatch
import Foundation
import Histogram
import SafeBox

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// ordo-one/synchronization-benchmarks' workload shapes, so figures are
// comparable with the study behind swiftlang/swift#88523: a 64-entry
// `[Int: UInt64]` updated inside the lock (ContentionScaling), one producer
// with long critical sections against N consumers with short ones, each
// consumer acquire timed into an HDR histogram (Asymmetric), and each
// thread's share of acquisitions as a Gini coefficient (starvation).

/// One dictionary-workload configuration.
public struct DictionarySpec: Sendable {
    public var threads: Int
    /// Units of work inside the lock per acquisition (``BenchState/update(units:)``).
    public var insideUnits: Int
    /// Iterations of `workOutsideLock` between acquisitions.
    public var outsideIterations: Int
    public var duration: Duration

    public init(threads: Int, insideUnits: Int, outsideIterations: Int, duration: Duration) {
        self.threads = threads
        self.insideUnits = insideUnits
        self.outsideIterations = outsideIterations
        self.duration = duration
    }
}

/// The dictionary workload's operation: `insideUnits` updates under the lock.
struct DictionaryOperation<L: BenchLock>: ContendedOperation {
    let lock: L
    let insideUnits: Int

    @inline(__always)
    func perform(random: inout UInt64, sink: inout Int) -> Bool {
        lock.withLock { $0.update(units: insideUnits) }
        return true
    }

    func recordedWrites() -> Int { lock.read() }
    var lockName: String { "\(L.self)" }
}

/// `spec.threads` threads update one 64-entry dictionary behind `lock` for
/// `spec.duration`, with `spec.outsideIterations` of work between
/// acquisitions (the counter workloads' harness: barrier start, per-thread
/// operation counts, machine accounting, lost-update check).
func contendDictionary<L: BenchLock>(_ lock: L, _ spec: DictionarySpec) -> RunResult {
    runContention(DictionaryOperation(lock: lock, insideUnits: spec.insideUnits),
                  threads: spec.threads, workIterations: spec.outsideIterations, duration: spec.duration)
}

/// What one unit of work costs on one thread with nothing contending: one
/// unit inside the lock (``BenchState/update(units:)``, a multiply-add link
/// plus a dictionary update) and one iteration of `workOutsideLock` (a
/// multiply-add link alone). Best of many short batches, as `calibrateWork`.
public func unitCosts() -> (insideNanoseconds: Double, outsideNanoseconds: Double) {
    var state = BenchState()
    var sink = 0
    var inside = Double.infinity
    var outside = Double.infinity
    for _ in 0..<200 {
        let start = monotonicNanoseconds()
        for _ in 0..<64 { state.update(units: 64) }
        inside = min(inside, Double(monotonicNanoseconds() - start) / Double(64 * 64))
        let middle = monotonicNanoseconds()
        for _ in 0..<16 { sink &+= workOutsideLock(256, sink) }
        outside = min(outside, Double(monotonicNanoseconds() - middle) / Double(16 * 256))
    }
    keepAlive(sink)
    keepAlive(state.map.count)
    return (inside, outside)
}

/// One producer/consumer configuration.
public struct ProducerConsumerSpec: Sendable {
    public var consumers: Int
    /// Acquisitions all consumers make together (each times every one).
    public var consumerAcquisitions: Int
    /// Units inside the lock per producer acquisition (long).
    public var producerUnits: Int
    /// Units inside the lock per consumer acquisition (short).
    public var consumerUnits: Int

    public init(consumers: Int, consumerAcquisitions: Int = 50_000, producerUnits: Int = 256, consumerUnits: Int = 1) {
        self.consumers = consumers
        self.consumerAcquisitions = consumerAcquisitions
        self.producerUnits = producerUnits
        self.consumerUnits = consumerUnits
    }
}

/// What one producer/consumer run measured.
public struct LatencyRun: Sendable {
    /// Consumer acquire latencies in nanoseconds, all consumers merged.
    public var p50: UInt64
    public var p90: UInt64
    public var p99: UInt64
    public var p999: UInt64
    public var max: UInt64
    /// Latencies recorded (every consumer acquisition).
    public var count: UInt64
    public var elapsedNanoseconds: Double
    /// Acquisitions the producer made while the consumers ran.
    public var producerAcquisitions: Int
    /// Other processes' share of the CPUs during the run (nil without /proc).
    public var outsideLoad: Double?
    public var steal: Double?
    /// Every consumer acquire latency of the run (nanoseconds), for
    /// percentiles over several runs together (``pooledPercentiles(_:of:side:)``);
    /// nil where a run was read back without it.
    public var latencies: Histogram<UInt64>?
    /// The producer's acquire latencies, timed the same way: what the
    /// consumers' barging costs the thread with the long critical section.
    public var producerLatencies: Histogram<UInt64>?

    public init(p50: UInt64, p90: UInt64, p99: UInt64, p999: UInt64, max: UInt64, count: UInt64,
                elapsedNanoseconds: Double, producerAcquisitions: Int) {
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.max = max
        self.count = count
        self.elapsedNanoseconds = elapsedNanoseconds
        self.producerAcquisitions = producerAcquisitions
    }
}

/// A latency histogram from 1 ns to 60 s at three significant digits (the
/// resolution ordo-one's study used).
func makeLatencyHistogram() -> Histogram<UInt64> {
    Histogram(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
}

extension LatencyRun {
    /// Whose acquire latencies: the consumers' (``LatencyRun/latencies``)
    /// or the producer's (``LatencyRun/producerLatencies``).
    public enum Side: Sendable {
        case consumers
        case producer
    }

    /// One side's latencies as one field of a tab-separated line: each
    /// non-empty bucket as `value:count` (the bucket's highest value),
    /// comma-separated. `contention-report run-latency` prints both sides,
    /// so that the report, which makes each run in a process of its own,
    /// can pool runs.
    ///
    /// ```swift
    /// let field = run.buckets(.consumers)        // "38:1204,39:9411,40:8630,…"
    /// var back = LatencyRun(p50: 0, p90: 0, p99: 0, p999: 0, max: 0, count: 0,
    ///                       elapsedNanoseconds: 0, producerAcquisitions: 0)
    /// back.readBuckets(field[...], into: .consumers)   // true
    /// ```
    public func buckets(_ side: Side) -> String {
        guard let histogram = self[side] else { return "" }
        return histogram.recordedValues().map { "\($0.value):\($0.count)" }.joined(separator: ",")
    }

    /// Reads a ``buckets(_:)`` field into `side`'s latencies. False, leaving
    /// them as they were, when `field` is not such a field.
    public mutating func readBuckets(_ field: Substring, into side: Side) -> Bool {
        var histogram = makeLatencyHistogram()
        // An empty field is a side without acquisitions; an empty bucket
        // inside one ("40:3,,") is a malformed field.
        let buckets = field.isEmpty ? [] : field.split(separator: ",", omittingEmptySubsequences: false)
        for bucket in buckets {
            let parts = bucket.split(separator: ":")
            guard parts.count == 2, let value = UInt64(parts[0]), let count = UInt64(parts[1]), count > 0,
                  histogram.record(value, count: count) else { return false }
        }
        self[side] = histogram
        return true
    }

    subscript(side: Side) -> Histogram<UInt64>? {
        get { side == .consumers ? latencies : producerLatencies }
        set {
            switch side {
            case .consumers: latencies = newValue
            case .producer: producerLatencies = newValue
            }
        }
    }
}

/// Every acquisition of `runs` together, on one side, in one histogram: each
/// run weighs by its acquisitions, whichever mode it landed in. Nil when a
/// run has no latencies on that side or none has any acquisition.
func pooledLatencies(of runs: [LatencyRun], side: LatencyRun.Side) -> Histogram<UInt64>? {
    var pooled = makeLatencyHistogram()
    for run in runs {
        guard let latencies = run[side] else { return nil }
        pooled.add(latencies)
    }
    return pooled.totalCount > 0 ? pooled : nil
}

/// Latency percentiles over every acquisition of `runs` together, on one
/// side: each run weighs by its acquisitions, whichever mode it landed in.
/// (A median of per-run percentiles instead picks the mode most runs took.)
/// Nil when a run has no latencies on that side or none has any acquisition.
///
/// ```swift
/// pooledPercentiles([99, 99.9], of: cell.runs)             // [2_611, 18_047]
/// pooledPercentiles([99], of: cell.runs, side: .producer)  // [9_403]
/// ```
public func pooledPercentiles(_ percentiles: [Double], of runs: [LatencyRun], side: LatencyRun.Side = .consumers) -> [UInt64]? {
    pooledLatencies(of: runs, side: side).map { pooled in percentiles.map { pooled.valueAtPercentile($0) } }
}

/// The mean wait, in nanoseconds, over every acquisition of `runs` together
/// (pooled as ``pooledPercentiles(_:of:side:)`` pools them): the total time
/// the threads spent waiting for the lock, per acquisition. Where a
/// percentile counts how many acquisitions waited long, this also weighs
/// how long: a lock that parks its waiters in fewer, longer waits can have
/// the lower p99 and the higher mean. Nil as for the percentiles.
///
/// ```swift
/// pooledMean(of: cell.runs)  // 637.2
/// ```
public func pooledMean(of runs: [LatencyRun], side: LatencyRun.Side = .consumers) -> Double? {
    pooledLatencies(of: runs, side: side)?.mean
}

/// One acquisition that makes `units` updates, its wait (from just before
/// the lock call to the first instruction inside the critical section, so
/// the hold is not counted) recorded into `histogram`.
@inline(__always)
func timedUpdate<L: BenchLock>(_ lock: L, units: Int, into histogram: inout Histogram<UInt64>) {
    let before = monotonicNanoseconds()
    let acquired = lock.withLock { state -> Int in
        let now = monotonicNanoseconds()
        state.update(units: units)
        return now
    }
    _ = histogram.record(UInt64(max(0, acquired - before)))
}

/// One producer updates `spec.producerUnits` entries per acquisition for as
/// long as the consumers run; `spec.consumers` consumers each make their
/// share of `spec.consumerAcquisitions` short acquisitions; every
/// acquisition, the producer's too, is timed (``timedUpdate``) into
/// per-thread HDR histograms, the consumers' merged at the end. OS threads,
/// started together behind a barrier.
func measureProducerConsumer<L: BenchLock>(_ lock: L, _ spec: ProducerConsumerSpec) -> LatencyRun {
    let perConsumer = (spec.consumerAcquisitions + spec.consumers - 1) / spec.consumers
    let ready = ManagedAtomic(0)
    let go = ManagedAtomic(false)
    let consumersLeft = ManagedAtomic(spec.consumers)
    let histograms = SafeBox<[Histogram<UInt64>]>([])
    let producerCount = ManagedAtomic(0)
    let finished = DispatchGroup()

    func start(_ body: @escaping @Sendable () -> Void) {
        finished.enter()
        let thread = Thread {
            ready.wrappingIncrement(ordering: .relaxed)
            while !go.load(ordering: .acquiring) { sched_yield() }
            body()
            finished.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    let producerUnits = spec.producerUnits
    let producerHistogram = SafeBox<Histogram<UInt64>?>(nil)
    start {
        var made = 0
        var histogram = makeLatencyHistogram()
        while consumersLeft.load(ordering: .relaxed) > 0 {
            timedUpdate(lock, units: producerUnits, into: &histogram)
            made += 1
        }
        producerCount.store(made, ordering: .relaxed)
        producerHistogram.withLock { [histogram] in $0 = histogram }
    }
    let consumerUnits = spec.consumerUnits
    for _ in 0..<spec.consumers {
        start {
            var histogram = makeLatencyHistogram()
            for _ in 0..<perConsumer {
                timedUpdate(lock, units: consumerUnits, into: &histogram)
            }
            consumersLeft.wrappingDecrement(ordering: .relaxed)
            histograms.withLock { [histogram] in $0.append(histogram) }
        }
    }

    while ready.load(ordering: .relaxed) < spec.consumers + 1 { sched_yield() }
    let ticksBefore = CPUTicks.now()
    let startTime = monotonicNanoseconds()
    go.store(true, ordering: .releasing)
    finished.wait()
    let elapsed = Double(monotonicNanoseconds() - startTime)
    let ticksAfter = CPUTicks.now()

    var merged = makeLatencyHistogram()
    histograms.withLock { all in for histogram in all { merged.add(histogram) } }
    let writes = producerCount.load(ordering: .relaxed) + perConsumer * spec.consumers
    precondition(lock.read() == writes, "\(L.self) lost updates: recorded \(lock.read()), completed \(writes)")
    var run = LatencyRun(
        p50: merged.valueAtPercentile(50), p90: merged.valueAtPercentile(90), p99: merged.valueAtPercentile(99),
        p999: merged.valueAtPercentile(99.9), max: merged.max, count: merged.totalCount,
        elapsedNanoseconds: elapsed, producerAcquisitions: producerCount.load(ordering: .relaxed))
    run.latencies = merged
    run.producerLatencies = producerHistogram.withLock { $0 }
    if let ticksBefore, let ticksAfter {
        run.outsideLoad = ticksBefore.outsideLoad(until: ticksAfter)
        run.steal = ticksBefore.steal(until: ticksAfter)
    }
    return run
}

/// The Gini coefficient of `shares` (each thread's acquisitions): 0 when
/// every thread got the same, approaching 1 when one thread got them all.
/// Mean absolute difference over all pairs ÷ twice the mean.
///
/// ```swift
/// gini([10, 10, 10, 10])  // 0
/// gini([40, 0, 0, 0])     // 0.75
/// ```
public func gini(_ shares: [Int]) -> Double {
    guard shares.count > 1 else { return 0 }
    let total = shares.reduce(0, +)
    guard total > 0 else { return 0 }
    // Sorted ascending, Σ|xi − xj| over pairs = 2 Σ (2i − n + 1) x_i (i from 0).
    let sorted = shares.sorted()
    let n = Double(sorted.count)
    var weighted = 0.0
    for (index, share) in sorted.enumerated() {
        weighted += (2 * Double(index) - n + 1) * Double(share)
    }
    return weighted / (n * Double(total))
}

/// What the latency measurement itself reads when nothing waits: two clock
/// reads back to back on one thread, recorded like a consumer acquisition
/// (median and p99 of 50 000, ns). No acquire latency below this can be
/// told apart; here the clock also ticks in steps of 10-30 ns.
///
/// ```swift
/// let floor = latencyFloor()   // e.g. (p50: 30, p99: 31)
/// ```
public func latencyFloor() -> (p50: UInt64, p99: UInt64) {
    var histogram = makeLatencyHistogram()
    for _ in 0..<50_000 {
        let before = monotonicNanoseconds()
        let after = monotonicNanoseconds()
        _ = histogram.record(UInt64(max(0, after - before)))
    }
    return (histogram.valueAtPercentile(50), histogram.valueAtPercentile(99))
}
