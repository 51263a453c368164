import Benchmark
import LockPeers

/// The standard package-benchmark suite: one uncontended lock + increment +
/// unlock per operation, for every peer, with package-benchmark's metrics
/// (wall clock, CPU, instructions where perf counters are available,
/// allocations). Multi-thread contention, fairness and run-to-run stability
/// are measured by `contention-report`, which package-benchmark's
/// one-closure-per-iteration harness does not model.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .mega,
        maxDuration: .seconds(2),
        maxIterations: 50
    )

    for peer in Peer.all where peer.slug != "actor" {
        Benchmark("uncontended lock+increment+unlock: \(peer.name)") { (benchmark: Benchmark) in
            peer.uncontended(iterations: benchmark.scaledIterations.count)
        }
    }

    for threads in [2, 4, 8] {
        for peer in [Peer.safeBox, .stdlibMutex, .mutexNext, .pthreadAdaptive] {
            let contended: Benchmark.BenchmarkClosure = { benchmark in
                for _ in benchmark.scaledIterations {
                    let result = peer.contention(threads: threads, workIterations: 0, duration: .milliseconds(50))
                    blackHole(result.totalOps)
                }
            }
            let configuration = Benchmark.Configuration(
                metrics: [.wallClock, .cpuTotal, .contextSwitches], scalingFactor: .one, maxIterations: 5)
            Benchmark("\(threads) threads, 50 ms: \(peer.name)", configuration: configuration, closure: contended)
        }
    }
}
