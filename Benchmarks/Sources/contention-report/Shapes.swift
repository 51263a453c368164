import Foundation
import LockPeers

// The report's part for ordo-one/synchronization-benchmarks' shapes (the
// dictionary workload, producer/consumer latency, starvation) and the
// verdict of issue 17 against "Mutex (next)" (swiftlang/swift#88523).

/// Every producer/consumer run of one peer at one consumer count.
struct LatencyCell {
    struct Measured {
        let run: LatencyRun
        let disturbance: String?
    }

    let peer: Peer
    let consumers: Int
    let wanted: Int
    var measured: [Measured] = []

    var undisturbed: [LatencyRun] { measured.filter { $0.disturbance == nil }.map(\.run) }
    var complete: Bool { undisturbed.count >= wanted }
    /// The first `wanted` undisturbed runs, or every run if repeats could not collect that many.
    var runs: [LatencyRun] { complete ? Array(undisturbed.prefix(wanted)) : measured.map(\.run) }

    /// Median over runs of one statistic, in nanoseconds.
    func median(_ statistic: (LatencyRun) -> UInt64) -> Double {
        Cell.median(runs.map { Double(statistic($0)) }.sorted())
    }

    /// A run whose p99.9 passes this was in the parking mode: consumers
    /// parked behind the producer and waited for a wake-up or a hand-off,
    /// where a spinning run's p99.9 stays within tens of microseconds.
    static let parkingP999Nanoseconds: UInt64 = 100_000

    /// How many of ``runs`` were in the parking mode.
    var parkingRuns: Int { runs.filter { $0.p999 > Self.parkingP999Nanoseconds }.count }

    /// p99 and p99.9 over every acquisition of ``runs`` together, in
    /// nanoseconds (see `pooledPercentiles`); nil without histograms.
    var pooled: (p99: Double, p999: Double)? {
        guard let values = pooledPercentiles([99, 99.9], of: runs) else { return nil }
        return (Double(values[0]), Double(values[1]))
    }

    /// The consumers' mean wait over every acquisition of ``runs``, in
    /// nanoseconds; nil without histograms.
    var pooledMeanWait: Double? { pooledMean(of: runs) }

    /// The producer's p99 wait over every one of its acquisitions in
    /// ``runs``, in nanoseconds; nil without histograms.
    var pooledProducerP99: Double? {
        pooledPercentiles([99], of: runs, side: .producer).map { Double($0[0]) }
    }
}

extension Report {
    /// ordo-one's ContentionScaling shape: every combination of work inside
    /// and outside the lock.
    func dictionaryWorkloads() -> [Workload] {
        options.insideUnits.flatMap { inside in
            options.outsideIterations.map { outside in
                Workload(
                    key: "dict-in\(inside)-out\(outside)",
                    title: "Dictionary: \(inside) unit\(inside == 1 ? "" : "s") inside the lock, \(outside) outside",
                    workIterations: outside, readPercent: 0, peers: Peer.joining(.shapes) + Peer.joining(.engineStudy),
                    insideUnits: inside)
            }
        }
    }

    /// The runs wanted of `peer` in the producer/consumer shape: more for
    /// the two locks whose p99 decides issue 24's goal.
    func latencyRunsWanted(_ peer: Peer) -> Int {
        peer == reference || peer == .mutexNext ? max(options.goalLatencyRuns, options.latencyRuns) : options.latencyRuns
    }

    /// Runs the producer/consumer workload for every peer and consumer
    /// count, interleaved round by round like the throughput runs, repeating
    /// runs that other processes disturbed. Once a peer has its runs it sits
    /// out, so the later rounds interleave SafeBox and Mutex (next) alone.
    func latencyCells() throws -> [LatencyCell] {
        var cells: [String: LatencyCell] = [:]
        let peers = Peer.joining(.shapes) + Peer.joining(.engineStudy)
        let rounds = peers.map(latencyRunsWanted).max() ?? options.latencyRuns
        for round in 1...(rounds + options.repeatPasses) {
            for consumers in options.consumerCounts {
                for peer in peers {
                    let cellKey = "\(peer.slug)|\(consumers)"
                    let wanted = latencyRunsWanted(peer)
                    var cell = cells[cellKey] ?? LatencyCell(peer: peer, consumers: consumers, wanted: wanted)
                    if round > wanted && (cell.complete || round > wanted + options.repeatPasses) { continue }
                    let run = try isolatedLatencyRun(peer, consumers: consumers)
                    cell.measured.append(LatencyCell.Measured(
                        run: run,
                        disturbance: DisturbanceCheck.foreignReason(outsideLoad: run.outsideLoad, steal: run.steal)))
                    cells[cellKey] = cell
                }
            }
            FileHandle.standardError.write(Data("latency round \(round)\n".utf8))
            if round >= rounds && cells.values.allSatisfy(\.complete) { break }
        }
        return options.consumerCounts.flatMap { consumers in
            peers.compactMap { cells["\($0.slug)|\(consumers)"] }
        }
    }

    func isolatedLatencyRun(_ peer: Peer, consumers: Int) throws -> LatencyRun {
        let (line, status) = try runTool(["run-latency", peer.slug, "\(consumers)", "\(options.latencyAcquisitions)"])
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard status == 0, fields.count == 12,
              let p50 = UInt64(fields[0]), let p90 = UInt64(fields[1]), let p99 = UInt64(fields[2]),
              let p999 = UInt64(fields[3]), let max = UInt64(fields[4]), let count = UInt64(fields[5]),
              let elapsed = Double(fields[6]), let producer = Int(fields[7]),
              let load = Double(fields[8]), let steal = Double(fields[9]) else {
            throw Failure(description: "producer/consumer run of \(peer.slug) with \(consumers) consumers failed (status \(status)): \(line.prefix(500))")
        }
        var run = LatencyRun(p50: p50, p90: p90, p99: p99, p999: p999, max: max, count: count,
                             elapsedNanoseconds: elapsed, producerAcquisitions: producer)
        run.outsideLoad = load >= 0 ? load : nil
        run.steal = steal >= 0 ? steal : nil
        guard run.readBuckets(fields[10][...], into: .consumers), run.latencies?.totalCount == count else {
            throw Failure(description: "producer/consumer run of \(peer.slug) with \(consumers) consumers printed consumer latency buckets that are not \(count) latencies: \(fields[10].prefix(200))")
        }
        guard run.readBuckets(fields[11][...], into: .producer),
              run.producerLatencies?.totalCount == UInt64(producer) else {
            throw Failure(description: "producer/consumer run of \(peer.slug) with \(consumers) consumers printed producer latency buckets that are not \(producer) latencies: \(fields[11].prefix(200))")
        }
        return run
    }

    /// Median over runs of the Gini coefficient of the threads' shares.
    func giniMedian(_ cell: Cell) -> Double {
        Cell.median(cell.runs.map { gini($0.perThreadOps) }.sorted())
    }

    func shapesMethod(
        units: (insideNanoseconds: Double, outsideNanoseconds: Double), latencyFloor: (p50: UInt64, p99: UInt64)
    ) -> [String] {
        [
            "- **Mutex (next)** is swiftlang/swift#88523's Linux `Mutex` (plain futex, three-state word, 20 spin tries of",
            "  64 + cycle-counter-jitter pauses, no spinning once 4 threads are parked), written in C for these benchmarks",
            "  from `docs/SynchronizationMutexLinux.md` (swiftlang/swift 60aef2aa) and the pull request; see",
            "  `Sources/MutexNext/include/mutex_next.h`.",
            "- **Dictionary workloads** (ordo-one/synchronization-benchmarks' ContentionScaling shape): each acquisition updates",
            "  a 64-entry `[Int: UInt64]` inside the lock, *inside* units per acquisition; *outside* units of work between",
            "  acquisitions. One unit inside = one link of the dependent multiply-add chain plus one dictionary update,",
            String(format: "  measured at %.2f ns on one quiet thread; one unit outside = one link of the chain alone, %.2f ns.",
                   units.insideNanoseconds, units.outsideNanoseconds),
            "  ns/op = wall time ÷ acquisitions of all threads; the same harness, repeats and checks as the counter workloads.",
            "- **Producer/consumer** (ordo-one's Asymmetric shape): one producer thread takes the lock for 256 units per",
            "  acquisition for as long as the consumers run; N consumer threads together make \(options.latencyAcquisitions)",
            "  acquisitions of 1 unit, each timed from just before the lock call to the first instruction inside the critical",
            "  section (CLOCK_MONOTONIC), into HDR histograms (hdrhistogram-swift, 3 significant digits) merged per run.",
            "  Percentiles are the median over \(options.latencyRuns) runs (each a fresh process; \(latencyRunsWanted(reference)) for SafeBox and",
            "  Mutex (next), whose p99 decides issue 24's goal), and, in the *all runs* columns,",
            "  percentiles of those runs' histograms added together (each run prints its buckets; latency.tsv keeps",
            "  each run's own percentiles); runs during which other",
            "  processes and steal took more than 10% of the CPUs are repeated, as above. **Measurement floor**: two clock",
            "  reads back to back, recorded the same way, read \(latencyFloor.p50) ns (median) and \(latencyFloor.p99) ns (p99) here;",
            "  no latency below that can be told apart (the clock ticks in steps of 10-30 ns on this machine).",
            "- **Starvation (Gini)**: each thread's share of acquisitions in a run of the dictionary and counter workloads;",
            "  0 = every thread got the same, 1 = one thread got them all. Median over runs.",
        ]
    }

    func starvation(workloads: [Workload], cells: [String: Cell]) -> [String] {
        let chosen = workloads.filter { $0.insideUnits != nil || $0.key == "bare" || $0.key == "work" }
        let threads = options.threadCounts.filter { $0 > 1 }
        var out = ["## Starvation: Gini coefficient of each thread's share of acquisitions", ""]
        out.append("Median over runs; 0 = even, 1 = one thread took every acquisition. Peers of the dictionary workload.")
        out.append("")
        out.append("| workload | lock | " + threads.map { "\($0) threads" }.joined(separator: " | ") + " |")
        out.append("|---|---|" + threads.map { _ in "---:" }.joined(separator: "|") + "|")
        for workload in chosen {
            for peer in workload.peers where !peer.workloads.isDisjoint(with: [.shapes, .engineStudy]) {
                let values = threads.map { count -> String in
                    guard let cell = cells[key(workload, peer, count)] else { return "–" }
                    return String(format: "%.3f", giniMedian(cell))
                }
                out.append("| \(workload.key) | \(peer.name) | " + values.joined(separator: " | ") + " |")
            }
        }
        out.append("")
        return out
    }

    func latencyTables(_ latencies: [LatencyCell]) -> [String] {
        var out = ["## Producer/consumer: consumer acquire latency", ""]
        for consumers in options.consumerCounts {
            out.append("### 1 producer (256 units per acquisition) + \(consumers) consumers (1 unit)")
            out.append("")
            out.append("Nanoseconds from calling the lock to entering the critical section; median of \(options.latencyRuns) undisturbed runs")
            out.append("(\(latencyRunsWanted(reference)) for SafeBox and Mutex (next)) of \(options.latencyAcquisitions) consumer acquisitions each (of every")
            out.append("run, disturbed ones included, where the repeats did not collect them all: the count after *of* in *parking")
            out.append("runs*). A run of this shape lands in one of two modes:")
            out.append("consumers handing the lock among themselves while spinning, or consumers parked behind the producer")
            out.append("(p99.9 above \(nanoseconds(Double(LatencyCell.parkingP999Nanoseconds))), many more producer acquisitions, a longer run);")
            out.append("*parking runs* counts the second, and a median sits in whichever mode most runs took. *All runs*")
            out.append("pools the acquisitions of those runs into one distribution, each run weighing by its acquisitions.")
            out.append("*Mean* is that distribution's mean: the consumers' total wait per acquisition, which a percentile")
            out.append("does not weigh (a lock that parks its consumers in fewer, longer waits can have the lower p99 and the")
            out.append("higher mean). *Producer p99* is the producer's own wait, timed the same way and pooled the same way: what the")
            out.append("consumers' short critical sections cost the thread with the long one.")
            out.append("")
            out.append("| lock | p50 | p90 | p99 | p99.9 | max | p99, all runs | p99.9, all runs | mean, all runs | producer p99, all runs | parking runs | producer acquisitions | run time (ms) |")
            out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
            for cell in latencies where cell.consumers == consumers {
                let percentiles = [cell.median(\.p50), cell.median(\.p90), cell.median(\.p99), cell.median(\.p999),
                                   cell.median(\.max)].map(nanoseconds)
                let producer = Cell.median(cell.runs.map { Double($0.producerAcquisitions) }.sorted())
                let elapsed = Cell.median(cell.runs.map { $0.elapsedNanoseconds / 1e6 }.sorted())
                let pooled = (cell.pooled.map { [$0.p99, $0.p999].map(nanoseconds) } ?? ["–", "–"])
                    + [cell.pooledMeanWait.map(nanoseconds) ?? "–", cell.pooledProducerP99.map(nanoseconds) ?? "–"]
                out.append("| \(cell.peer.name) | " + (percentiles + pooled).joined(separator: " | ")
                           + " | \(cell.parkingRuns) of \(cell.runs.count) | \(format(producer)) | \(format(elapsed)) |")
            }
            out.append("")
        }
        return out
    }

    /// The two locks' mean waits beside the p99 goal, which they do not
    /// decide: "; mean wait, all runs: …", or nothing without histograms.
    func meanWaits(_ mine: LatencyCell, _ theirs: LatencyCell) -> String {
        guard let minePooled = mine.pooledMeanWait, let theirsPooled = theirs.pooledMeanWait else { return "" }
        return "; mean wait, all runs: \(nanoseconds(minePooled)), \(nanoseconds(theirsPooled))"
    }

    /// Issue 24's latency goals against Mutex (next), checked against this
    /// run: printed, never asserted.
    func latencyGoals(_ latencies: [LatencyCell]) -> [String] {
        var out = ["## Latency against Mutex (next) (issue 24), this run", ""]
        out.append("p99 acquire latency over every consumer acquisition of the runs together (*all runs*), with the median")
        out.append("of the runs' own p99 beside it. Runs of this shape land in two modes (see the tables above), and a median")
        out.append("of per-run p99 picks the mode most runs took: a parking-mode run can read a p99 of a few dozen")
        out.append("nanoseconds while one acquisition in a thousand waits a millisecond. The longest wait is the median of")
        out.append("the runs' longest, with the longest of all runs beside it.")
        out.append("")
        out.append("| goal | measured | met |")
        out.append("|---|---|:---:|")
        for consumers in options.consumerCounts {
            func cell(_ peer: Peer) -> LatencyCell? { latencies.first { $0.peer == peer && $0.consumers == consumers } }
            guard let mine = cell(reference), let theirs = cell(.mutexNext) else { continue }
            if let minePooled = mine.pooled, let theirsPooled = theirs.pooled {
                out.append("| p99 acquire ≤ Mutex (next)'s, \(consumers) consumers | all runs: SafeBox \(nanoseconds(minePooled.p99)), Mutex (next) \(nanoseconds(theirsPooled.p99)); median of runs: \(nanoseconds(mine.median(\.p99))), \(nanoseconds(theirs.median(\.p99))) (parking runs \(mine.parkingRuns) of \(mine.runs.count), \(theirs.parkingRuns) of \(theirs.runs.count))\(meanWaits(mine, theirs)) | \(mark(minePooled.p99 <= theirsPooled.p99)) |")
            }
            let longest = (mine.median(\.max), theirs.median(\.max))
            let longestOfAll = (mine.runs.map(\.max).max() ?? 0, theirs.runs.map(\.max).max() ?? 0)
            out.append("| longest wait ≤ ¼ of Mutex (next)'s, \(consumers) consumers | median of runs: SafeBox \(nanoseconds(longest.0)), Mutex (next) \(nanoseconds(longest.1)) (¼ = \(nanoseconds(longest.1 / 4))); longest of all runs: \(nanoseconds(Double(longestOfAll.0))), \(nanoseconds(Double(longestOfAll.1))) | \(mark(longest.0 <= longest.1 / 4)) |")
        }
        out.append("")
        return out
    }

    /// A latency in the unit that reads best.
    func nanoseconds(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        if value >= 1_000_000 { return String(format: "%.1f ms", value / 1_000_000) }
        if value >= 10_000 { return String(format: "%.0f µs", value / 1_000) }
        if value >= 1_000 { return String(format: "%.1f µs", value / 1_000) }
        return String(format: "%.0f ns", value)
    }

    /// The goals of issue 17, checked against this run: printed, never
    /// asserted.
    func verdict(
        workloads: [Workload], cells: [String: Cell], latencies: [LatencyCell], latencyFloor: (p50: UInt64, p99: UInt64)
    ) -> [String] {
        let next = Peer.mutexNext
        var out = ["## Verdict against Mutex (next) (issue 17), this run", ""]
        out.append("Throughput: SafeBox's acquisitions per second ÷ Mutex (next)'s (median runs; ≥ 1.00× meets the goal).")
        out.append("Where it misses, *spread* says whether SafeBox's fastest run was still faster than Mutex (next)'s slowest")
        out.append("(the two overlap within run-to-run noise) or not (a real loss).")
        out.append("")
        out.append("| goal | measured | met |")
        out.append("|---|---|:---:|")
        for workload in workloads where workload.peers.contains(next) {
            var parts: [String] = []
            var met = true
            for threads in options.threadCounts {
                guard let mine = cells[key(workload, reference, threads)],
                      let theirs = cells[key(workload, next, threads)] else { continue }
                let speedup = theirs.median / mine.median
                var part = "\(threads)t \(ratio(speedup))"
                if speedup < 1 {
                    met = false
                    part += mine.fastest <= theirs.slowest ? " (spread)" : " (**loss**)"
                }
                parts.append(part)
            }
            guard !parts.isEmpty else { continue }
            out.append("| throughput ≥ Mutex (next), \(workload.key) | \(parts.joined(separator: ", ")) | \(mark(met)) |")
        }
        for consumers in options.consumerCounts {
            func p99(_ peer: Peer) -> Double? {
                latencies.first { $0.peer == peer && $0.consumers == consumers }?.median(\.p99)
            }
            guard let mine = p99(reference), let theirs = p99(next), let nio = p99(.nioLockedValueBox) else { continue }
            let met = mine <= theirs / 2 && mine <= nio
            let floorNote = theirs / 2 < Double(latencyFloor.p50)
                ? " — ½ of Mutex (next)'s p99 is below the measurement floor (\(latencyFloor.p50) ns): unmeasurable here" : ""
            out.append("| p99 acquire ≤ ½ Mutex (next)'s and ≤ NIOLock's, \(consumers) consumers | SafeBox \(nanoseconds(mine)), Mutex (next) \(nanoseconds(theirs)) (½ = \(nanoseconds(theirs / 2))), NIOLockedValueBox \(nanoseconds(nio))\(floorNote) | \(mark(met)) |")
        }
        var where_ = 0
        var met = 0
        var misses: [String] = []
        for workload in workloads where workload.peers.contains(next) && workload.readPercent == 0 {
            for threads in options.threadCounts where threads > 1 {
                guard let mine = cells[key(workload, reference, threads)],
                      let theirs = cells[key(workload, next, threads)], giniMedian(theirs) > 0.1 else { continue }
                where_ += 1
                if giniMedian(mine) <= 0.1 {
                    met += 1
                } else {
                    misses.append(String(format: "%@ %dt: %.3f vs %.3f", workload.key, threads, giniMedian(mine), giniMedian(theirs)))
                }
            }
        }
        let giniText = where_ == 0
            ? "Mutex (next)'s Gini stayed ≤ 0.1 in every configuration: nothing to compare"
            : "Mutex (next) above 0.1 in \(where_) configuration\(where_ == 1 ? "" : "s"); SafeBox ≤ 0.1 in \(met)"
              + (misses.isEmpty ? "" : "; misses (SafeBox vs Mutex (next)): " + misses.joined(separator: "; "))
        out.append("| Gini ≤ 0.1 where Mutex (next) is above 0.1 | \(giniText) | \(mark(met == where_)) |")
        out.append("")
        return out
    }

    func rawLatencyRuns(_ latencies: [LatencyCell]) -> String {
        var lines = ["peer\tconsumers\trun\tp50_ns\tp90_ns\tp99_ns\tp999_ns\tmax_ns\tcount\telapsed_ns\tproducer_acquisitions\toutside_load\tsteal\tdisturbed"]
        for cell in latencies {
            for (index, measured) in cell.measured.enumerated() {
                let run = measured.run
                lines.append([cell.peer.slug, "\(cell.consumers)", "\(index + 1)", "\(run.p50)", "\(run.p90)", "\(run.p99)",
                              "\(run.p999)", "\(run.max)", "\(run.count)", String(format: "%.0f", run.elapsedNanoseconds),
                              "\(run.producerAcquisitions)", run.outsideLoad.map { String(format: "%.2f", $0) } ?? "",
                              run.steal.map { String(format: "%.2f", $0) } ?? "", measured.disturbance ?? ""]
                    .joined(separator: "\t"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Report {
    /// SafeBox's engine with other constants against Mutex (next), over the
    /// dictionary workloads and the producer/consumer shape: the trade-off
    /// between throughput, tail latency and fairness that the compile-time
    /// constants choose.
    func engineStudy(workloads: [Workload], cells: [String: Cell], latencies: [LatencyCell]) -> [String] {
        let variants = Peer.joining(.engineStudy)
        guard !variants.isEmpty else { return [] }
        let next = Peer.mutexNext
        let dictionary = workloads.filter { $0.insideUnits != nil }
        let threads = options.threadCounts.filter { $0 > 1 }
        var out = ["## Engine study: SafeBox's engine against its alternatives", ""]
        out.append("The same engine source (`Sources/CPThreadShim/cpts_lock.c`) built with other release, spin and fairness")
        out.append("choices, the first engine (compare-exchange release, releaser hand-off on a timer), and Mutex (next)'s")
        out.append("engine, all called out of line with the value apart from the lock (so compare the variants with each")
        out.append("other, not with SafeBox; *Mutex (next)'s, out of line* against *shipped* is the two algorithms with")
        out.append("everything else equal). Over the")
        out.append("dictionary workloads at \(threads.map(String.init).joined(separator: ", ")) threads: the geometric mean of")
        out.append("Mutex (next)'s ns/op ÷ the variant's (above 1.00× = faster than Mutex (next)), the configurations where it")
        out.append("is at least as fast, and the median Gini; then p99 acquire latency and the producer's acquisitions in the")
        out.append("producer/consumer shape.")
        out.append("")
        let consumerCounts = options.consumerCounts
        out.append("| variant | throughput vs Mutex (next) (geo. mean) | configurations ≥ Mutex (next) | median Gini | "
                   + consumerCounts.map { "p99, \($0) consumers (producer acq.)" }.joined(separator: " | ") + " |")
        out.append("|---|---:|---:|---:|" + consumerCounts.map { _ in "---:" }.joined(separator: "|") + "|")
        for peer in [next] + variants {
            var logSum = 0.0
            var compared = 0
            var atLeast = 0
            var ginis: [Double] = []
            for workload in dictionary {
                for count in threads {
                    guard let mine = cells[key(workload, peer, count)], let theirs = cells[key(workload, next, count)] else {
                        continue
                    }
                    let speedup = theirs.median / mine.median
                    logSum += log(speedup)
                    compared += 1
                    if speedup >= 1 { atLeast += 1 }
                    ginis.append(giniMedian(mine))
                }
            }
            let latency = consumerCounts.map { consumers -> String in
                guard let cell = latencies.first(where: { $0.peer == peer && $0.consumers == consumers }) else { return "–" }
                let producer = Cell.median(cell.runs.map { Double($0.producerAcquisitions) }.sorted())
                return "\(nanoseconds(cell.median(\.p99))) (\(format(producer)))"
            }
            let mean = compared > 0 ? exp(logSum / Double(compared)) : .nan
            out.append("| \(peer.name) | \(ratio(mean)) | \(atLeast) of \(compared) | "
                       + String(format: "%.3f", Cell.median(ginis.sorted())) + " | " + latency.joined(separator: " | ") + " |")
        }
        out.append("")
        return out
    }
}
