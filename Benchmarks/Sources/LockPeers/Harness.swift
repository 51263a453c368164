import Atomics
import Dispatch
import Foundation
import MachineProbes
import SafeBox

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one timed run measured.
public struct RunResult: Sendable {
    public let threads: Int
    public let elapsedNanoseconds: Double
    /// Operations each thread completed in the fixed time, in thread order.
    public let perThreadOps: [Int]
    /// Voluntary + involuntary context switches of the whole process during the run.
    public let contextSwitches: Int
    /// Share of the machine's CPU time that *other* processes used during
    /// the run (0…1; nil where /proc is unavailable): how much outside load
    /// disturbed this run.
    public var outsideLoad: Double? = nil
    /// Share of the machine's CPU time the hypervisor gave to other guests
    /// (steal) during the run; nil where /proc is unavailable.
    public var steal: Double? = nil
    /// Share of the machine's CPU time nobody used (idle) during the run:
    /// CPUs a lock left idle while its threads slept.
    public var idle: Double? = nil
    /// Mean duration of one timed `workOutsideLock` call during the run
    /// (one per 64 operations per thread; calls preempted mid-way, over 3×
    /// the median, left out), or nil without work. The work runs outside the
    /// lock, so it measures the machine, not the lock: compared with
    /// ``timedWorkCallNanoseconds(iterations:)`` on a quiet machine, it shows
    /// a run on a slowed CPU (another guest on the host core), which /proc
    /// cannot show. Includes one clock read, as the baseline does.
    public var sampledWorkNanoseconds: Double? = nil
    /// Cache-line round trip between CPUs 0 and 1 just before and just after
    /// the run, the larger of the two (nil on one CPU). Every contended lock
    /// and atomic pays this on each hand-over; in a virtual machine it moves
    /// with where the host runs the vCPUs.
    public var crossCPURoundTripNanoseconds: Double? = nil

    public init(threads: Int, elapsedNanoseconds: Double, perThreadOps: [Int], contextSwitches: Int) {
        self.threads = threads
        self.elapsedNanoseconds = elapsedNanoseconds
        self.perThreadOps = perThreadOps
        self.contextSwitches = contextSwitches
    }

    public var totalOps: Int { perThreadOps.reduce(0, +) }
    /// Wall-clock nanoseconds per operation, all threads together.
    public var nanosecondsPerOp: Double { elapsedNanoseconds / Double(max(totalOps, 1)) }
    /// Slowest thread's completed operations relative to the fastest's (≥ 1).
    public var fastestOverSlowest: Double {
        let slowest = perThreadOps.min() ?? 0
        let fastest = perThreadOps.max() ?? 0
        return slowest == 0 ? .infinity : Double(fastest) / Double(slowest)
    }
    public var contextSwitchesPerMillionOps: Double {
        Double(contextSwitches) * 1_000_000 / Double(max(totalOps, 1))
    }
}

/// Work a thread does outside the lock between two acquisitions: a dependent
/// multiply-add chain the optimiser cannot remove or hoist.
@inline(never)
public func workOutsideLock(_ iterations: Int, _ seed: Int) -> Int {
    var x = seed
    for _ in 0..<iterations {
        x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    }
    return x
}

/// Picks the iteration count for which `workOutsideLock` takes about
/// `targetNanoseconds` on this machine, and the time it really takes.
public func calibrateWork(targetNanoseconds: Double) -> (iterations: Int, nanoseconds: Double) {
    // Best of many short batches: on a shared machine a long batch is almost
    // surely preempted somewhere, a 50 µs one usually is not, and the
    // fastest batch is the machine's real speed.
    func measure(_ iterations: Int) -> Double {
        var best = Double.infinity
        var sink = 0
        let calls = max(1, 50_000 / max(iterations, 1))
        for _ in 0..<400 {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<calls { sink &+= workOutsideLock(iterations, sink) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls)
            best = min(best, elapsed)
        }
        keepAlive(sink)
        return best
    }
    let probe = 256
    let perIteration = measure(probe) / Double(probe)
    let iterations = max(1, Int((targetNanoseconds / perIteration).rounded()))
    return (iterations, measure(iterations))
}

@inline(never)
public func keepAlive<T>(_ value: T) { _ = value }

/// Shares a raw buffer with worker threads that each write their own slot.
struct SlotBuffer: @unchecked Sendable {
    let base: UnsafeMutablePointer<Int>
    init(count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
    }
    func free() { base.deallocate() }
}

/// System-wide busy, idle, steal and total CPU ticks, and this process's own ticks, from /proc.
struct CPUTicks {
    let busy: Double
    let idle: Double
    let steal: Double
    let total: Double
    let own: Double

    static func now() -> CPUTicks? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = stat.split(separator: "\n").first,
              let mine = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = mine.lastIndex(of: ")") else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 8 else { return nil }
        // user nice system idle iowait irq softirq steal
        let idle = fields[3] + fields[4]
        let total = fields.prefix(8).reduce(0, +)
        let own = mine[mine.index(after: close)...].split(separator: " ")
        guard own.count > 13, let utime = Double(own[11]), let stime = Double(own[12]) else { return nil }
        return CPUTicks(busy: total - idle, idle: idle, steal: fields[7], total: total, own: utime + stime)
    }

    /// Other processes' share of all CPU time between `self` and `later`.
    func outsideLoad(until later: CPUTicks) -> Double? {
        let total = later.total - total
        guard total > 0 else { return nil }
        return max(0, ((later.busy - busy) - (later.steal - steal) - (later.own - own)) / total)
    }

    /// Hypervisor steal's share of all CPU time between `self` and `later`.
    func steal(until later: CPUTicks) -> Double? {
        let total = later.total - total
        return total > 0 ? (later.steal - steal) / total : nil
    }

    /// Idle share of all CPU time between `self` and `later`.
    func idle(until later: CPUTicks) -> Double? {
        let total = later.total - total
        return total > 0 ? (later.idle - idle) / total : nil
    }

    /// Fills the machine-accounting fields of `result`.
    func account(until later: CPUTicks, into result: inout RunResult) {
        result.outsideLoad = outsideLoad(until: later)
        result.steal = steal(until: later)
        result.idle = idle(until: later)
    }
}

func contextSwitchCount() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Int(usage.ru_nvcsw + usage.ru_nivcsw)
}

/// One operation of a timed contention run, performed by every thread in a
/// loop. A generic parameter (not a closure) so the run loop is specialised
/// for each lock and operation, with nothing indirect inside it.
protocol ContendedOperation: Sendable {
    /// Performs one operation; `random` is the thread's xorshift state,
    /// `sink` takes what it read (so the read cannot be removed). Returns
    /// whether it wrote (counts toward the lost-update check).
    func perform(random: inout UInt64, sink: inout Int) -> Bool
    /// The writes recorded behind the lock, compared with the threads' count.
    func recordedWrites() -> Int
    /// Names the lock in a lost-update failure.
    var lockName: String { get }
}

/// The counter workloads' operation: `+= 1`, or with `readPercent` > 0 a
/// read that often.
struct CounterOperation<C: LockedCounter>: ContendedOperation {
    let counter: C
    let readPercent: Int

    @inline(__always)
    func perform(random: inout UInt64, sink: inout Int) -> Bool {
        if readPercent > 0 {
            random ^= random << 13; random ^= random >> 7; random ^= random << 17
            if Int(random % 100) < readPercent {
                sink &+= counter.read()
                return false
            }
        }
        counter.increment()
        return true
    }

    func recordedWrites() -> Int { counter.read() }
    var lockName: String { "\(C.self)" }
}

/// `threads` OS threads hammer one counter for `duration`; each does
/// `workIterations` of `workOutsideLock` between acquisitions.
func contend<C: LockedCounter>(
    _ counter: C, threads: Int, workIterations: Int, duration: Duration, readPercent: Int = 0
) -> RunResult {
    runContention(CounterOperation(counter: counter, readPercent: readPercent),
                  threads: threads, workIterations: workIterations, duration: duration)
}

/// `threads` OS threads perform `operation` for `duration`; each does
/// `workIterations` of `workOutsideLock` between operations. Threads start
/// together behind a barrier; the stop flag is read every 64 operations.
/// Afterwards the writes recorded behind the lock must equal the writes the
/// threads counted.
func runContention<Operation: ContendedOperation>(
    _ operation: Operation, threads: Int, workIterations: Int, duration: Duration
) -> RunResult {
    let ready = ManagedAtomic(0)
    let go = ManagedAtomic(false)
    let stop = ManagedAtomic(false)
    let ops = SlotBuffer(count: threads)
    let writes = SlotBuffer(count: threads)
    let sinks = SlotBuffer(count: threads)
    let workSamples = SlotBuffer(count: 2 * threads)  // per thread: trimmed sum, count
    let finished = DispatchGroup()
    defer { ops.free(); writes.free(); sinks.free(); workSamples.free() }

    for index in 0..<threads {
        finished.enter()
        let thread = Thread {
            ready.wrappingIncrement(ordering: .relaxed)
            while !go.load(ordering: .acquiring) { sched_yield() }
            var done = 0
            var wrote = 0
            var sink = index
            var random = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15
            var samples: [Int32] = []
            if workIterations > 0 { samples.reserveCapacity(1 << 17) }
            while !stop.load(ordering: .relaxed) {
                for step in 0..<64 {
                    if operation.perform(random: &random, sink: &sink) { wrote += 1 }
                    if workIterations > 0 {
                        if step == 0 {
                            // The first work call of each batch is timed: two
                            // vDSO clock reads per 64 operations, under 1 ns
                            // per operation.
                            let before = monotonicNanoseconds()
                            sink &+= workOutsideLock(workIterations, sink)
                            samples.append(Int32(clamping: monotonicNanoseconds() - before))
                        } else {
                            sink &+= workOutsideLock(workIterations, sink)
                        }
                    }
                }
                done += 64
            }
            ops.base[index] = done
            let trimmed = trimmedSum(&samples)
            workSamples.base[2 * index] = trimmed.sum
            workSamples.base[2 * index + 1] = trimmed.count
            writes.base[index] = wrote
            sinks.base[index] = sink
            finished.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    while ready.load(ordering: .relaxed) < threads { sched_yield() }
    let roundTripBefore = crossCPURoundTrip()
    let switchesBefore = contextSwitchCount()
    let ticksBefore = CPUTicks.now()
    let start = DispatchTime.now().uptimeNanoseconds
    go.store(true, ordering: .releasing)
    sleep(for: duration)
    stop.store(true, ordering: .relaxed)
    finished.wait()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
    let switches = contextSwitchCount() - switchesBefore
    let ticksAfter = CPUTicks.now()
    let roundTripAfter = crossCPURoundTrip()

    let perThread = (0..<threads).map { ops.base[$0] }
    let expected = (0..<threads).reduce(0) { $0 + writes.base[$1] }
    keepAlive((0..<threads).reduce(0) { $0 &+ sinks.base[$1] })
    let final = operation.recordedWrites()
    precondition(final == expected, "\(operation.lockName) lost updates: recorded \(final), completed \(expected)")
    var result = RunResult(
        threads: threads, elapsedNanoseconds: elapsed, perThreadOps: perThread, contextSwitches: switches)
    if let ticksBefore, let ticksAfter { ticksBefore.account(until: ticksAfter, into: &result) }
    if let roundTripBefore, let roundTripAfter {
        result.crossCPURoundTripNanoseconds = max(roundTripBefore, roundTripAfter)
    }
    if workIterations > 0 {
        let sum = (0..<threads).reduce(0) { $0 + workSamples.base[2 * $1] }
        let count = (0..<threads).reduce(0) { $0 + workSamples.base[2 * $1 + 1] }
        if count > 0 { result.sampledWorkNanoseconds = Double(sum) / Double(count) }
    }
    return result
}

/// Cache-line round trip between CPUs 0 and 1 (about half a millisecond to
/// measure), or nil on a one-CPU machine.
public func crossCPURoundTrip() -> Double? {
    guard ProcessInfo.processInfo.activeProcessorCount >= 2 else { return nil }
    let nanoseconds = mp_cross_cpu_round_trip_ns(0, 1, 2_000)
    return nanoseconds > 0 ? nanoseconds : nil
}

@inline(__always)
func monotonicNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
}

/// Sum and count of the samples up to 3× their median (sorts `samples`).
/// The clock ticks in steps of 10-30 ns here; averaging many samples taken
/// at unrelated phases recovers the resolution a median would lose, and the
/// cut-off drops calls the scheduler preempted mid-way.
func trimmedSum(_ samples: inout [Int32]) -> (sum: Int, count: Int) {
    guard !samples.isEmpty else { return (0, 0) }
    samples.sort()
    let limit = 3 * Int(samples[samples.count / 2])
    var sum = 0
    var count = 0
    for sample in samples where Int(sample) <= limit {
        sum += Int(sample)
        count += 1
    }
    return (sum, count)
}

/// What one timed `workOutsideLock(iterations)` call costs on this machine
/// when nothing disturbs it, measured exactly as `contend` samples during a
/// run (one clock read on each side): the fastest of 40 batches of 2 000
/// calls, each batch's trimmed mean.
public func timedWorkCallNanoseconds(iterations: Int) -> Double {
    var best = Double.infinity
    var seed = 0
    var samples: [Int32] = []
    samples.reserveCapacity(2_000)
    for _ in 0..<40 {
        samples.removeAll(keepingCapacity: true)
        for _ in 0..<2_000 {
            let before = monotonicNanoseconds()
            seed &+= workOutsideLock(iterations, seed)
            samples.append(Int32(clamping: monotonicNanoseconds() - before))
        }
        let trimmed = trimmedSum(&samples)
        best = min(best, Double(trimmed.sum) / Double(max(trimmed.count, 1)))
    }
    keepAlive(seed)
    return best
}

func sleep(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 { request = remaining }
}

/// The actor peer: `tasks` child tasks on the cooperative pool, one `await`
/// per operation.
func contendActor(tasks: Int, workIterations: Int, duration: Duration) -> RunResult {
    let outcome = SafeBox<RunResult?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let counter = CounterActor()
        let stop = ManagedAtomic(false)
        let switchesBefore = contextSwitchCount()
        let ticksBefore = CPUTicks.now()
        let start = DispatchTime.now().uptimeNanoseconds
        var perTask = [Int](repeating: 0, count: tasks)
        await withTaskGroup(of: (Int, Int).self) { group in
            for index in 0..<tasks {
                group.addTask {
                    var done = 0
                    var sink = index
                    while !stop.load(ordering: .relaxed) {
                        for _ in 0..<64 {
                            await counter.increment()
                            if workIterations > 0 { sink &+= workOutsideLock(workIterations, sink) }
                        }
                        done += 64
                    }
                    keepAlive(sink)
                    return (index, done)
                }
            }
            group.addTask {
                try? await Task.sleep(for: duration)
                stop.store(true, ordering: .relaxed)
                return (-1, 0)
            }
            for await (index, count) in group where index >= 0 {
                perTask[index] = count
            }
        }
        var result = RunResult(
            threads: tasks, elapsedNanoseconds: Double(DispatchTime.now().uptimeNanoseconds - start),
            perThreadOps: perTask, contextSwitches: contextSwitchCount() - switchesBefore)
        if let ticksBefore, let ticksAfter = CPUTicks.now() { ticksBefore.account(until: ticksAfter, into: &result) }
        let final = await counter.read()
        precondition(final == result.totalOps, "actor lost updates: \(final) vs \(result.totalOps)")
        outcome.withLock { [result] in $0 = result }
        done.signal()
    }
    done.wait()
    return outcome.withLock { $0 }!
}

/// `iterations` uncontended increments on one thread, nothing else: the loop
/// callgrind counts instructions in, and package-benchmark times.
@inline(never)
func uncontendedLoop<C: LockedCounter>(_ counter: C, iterations: Int) {
    for _ in 0..<iterations { counter.increment() }
}
