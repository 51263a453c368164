import Foundation
import LockPeers

// contention-report: every lock side by side, repeated, summarised.
//
//   contention-report report [--runs 5] [--repeat-passes 3] [--duration-ms 500] [--out Results]
//                            [--latency-runs 15] [--goal-latency-runs 150] [--latency-acquisitions 50000]
//                            [--threads 1,2,4,8]
//                            [--instructions FILE] [--command "…"]
//   contention-report quick <peer> <threads> [work-ns] [duration-ms]
//   contention-report loop <peer> <iterations>     (for callgrind)
//   contention-report peers
//
// `report` writes <out>/contention.md (tables, verdicts), <out>/contention.svg
// and <out>/dictionary.svg (throughput vs threads), <out>/latency.svg
// (acquire-latency percentiles), <out>/runs.tsv and <out>/latency.tsv (every
// run, raw).

struct Failure: Error, CustomStringConvertible {
    let description: String
}

func usage() -> Never {
    FileHandle.standardError.write(Data("""
        usage: contention-report report [--runs N] [--repeat-passes N] [--duration-ms MS] [--out DIR] [--instructions FILE] [--command TEXT]
                                        [--latency-runs N] [--goal-latency-runs N] [--latency-acquisitions N]
                                        [--threads 1,2,4,8]
               contention-report quick <peer> <threads> [work-ns] [duration-ms]
               contention-report loop <peer> <iterations>
               contention-report peers
        peers: \(Peer.all.map(\.slug).joined(separator: ", "))

        """.utf8))
    exit(2)
}

func peer(_ slug: String) -> Peer {
    guard let peer = Peer(slug: slug) else {
        FileHandle.standardError.write(Data("unknown peer '\(slug)'\n".utf8))
        usage()
    }
    return peer
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { usage() }
arguments.removeFirst()

switch mode {
case "peers":
    for peer in Peer.all { print("\(peer.slug)\t\(peer.name)") }

case "run-latency":
    // One producer/consumer run in this fresh process, printed as one line
    // for `report`: p50 p90 p99 p99.9 max (ns), count, elapsed ns, producer
    // acquisitions, outside load, steal (-1 when unknown), and every
    // latency of the consumers, then of the producer, as histogram buckets
    // (LatencyRun.buckets).
    guard arguments.count == 3, let consumers = Int(arguments[1]), consumers > 0,
          let acquisitions = Int(arguments[2]), acquisitions > 0 else { usage() }
    guard let run = peer(arguments[0]).producerConsumer(
        ProducerConsumerSpec(consumers: consumers, consumerAcquisitions: acquisitions)) else {
        FileHandle.standardError.write(Data("\(arguments[0]) does not take part in the producer/consumer workload\n".utf8))
        exit(1)
    }
    print([String(run.p50), String(run.p90), String(run.p99), String(run.p999), String(run.max), String(run.count),
           String(run.elapsedNanoseconds), String(run.producerAcquisitions), String(run.outsideLoad ?? -1),
           String(run.steal ?? -1), run.buckets(.consumers), run.buckets(.producer)].joined(separator: "\t"))

case "loop":
    guard arguments.count == 2, let iterations = Int(arguments[1]) else { usage() }
    guard peer(arguments[0]).uncontended(iterations: iterations) else {
        FileHandle.standardError.write(Data("\(arguments[0]) has no synchronous loop\n".utf8))
        exit(1)
    }

case "quick":
    guard arguments.count >= 2, let threads = Int(arguments[1]) else { usage() }
    let workNs = arguments.count > 2 ? Double(arguments[2]) ?? 0 : 0
    let durationMs = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200
    let calibration = calibrateWork(targetNanoseconds: workNs)
    let work = workNs > 0 ? calibration.iterations : 0
    if workNs > 0 {
        print("work: \(calibration.iterations) iterations = \(calibration.nanoseconds) ns; one timed call on a quiet CPU: \(timedWorkCallNanoseconds(iterations: calibration.iterations)) ns")
    }
    let result = peer(arguments[0]).contention(threads: threads, workIterations: work, duration: .milliseconds(durationMs))
    print(String(format: "%@ threads=%d work=%.0fns: %.1f ns/op, fastest/slowest %.2f, %.0f cs/1e6 ops, outside load %.2f, steal %.2f, idle %.2f, sampled work %.1f ns, cross-CPU %.0f ns, per-thread %@",
                 arguments[0], threads, workNs, result.nanosecondsPerOp, result.fastestOverSlowest,
                 result.contextSwitchesPerMillionOps, result.outsideLoad ?? -1, result.steal ?? -1, result.idle ?? -1,
                 result.sampledWorkNanoseconds ?? -1, result.crossCPURoundTripNanoseconds ?? -1,
                 result.perThreadOps.description))

case "round-trip":
    // Cross-CPU cache-line round trips, one per line, to watch the machine.
    let count = arguments.first.flatMap { Int($0) } ?? 10
    for _ in 0..<count {
        print(crossCPURoundTrip().map { String(format: "%.0f", $0) } ?? "n/a")
        usleep(100_000)
    }

case "run-one":
    // One run in this fresh process, printed as one line for `report`:
    // elapsed-ns, context switches, outside load, steal, idle, sampled work
    // ns, cross-CPU round trip ns (each -1 when unknown), per-thread ops.
    // With inside-units ≥ 0 it is a dictionary-workload run.
    guard arguments.count == 6, let threads = Int(arguments[1]), let work = Int(arguments[2]),
          let readPercent = Int(arguments[3]), let durationMs = Int(arguments[4]),
          let insideUnits = Int(arguments[5]) else { usage() }
    let chosen = peer(arguments[0])
    let result: RunResult
    if insideUnits >= 0 {
        guard let run = chosen.dictionary(DictionarySpec(
            threads: threads, insideUnits: insideUnits, outsideIterations: work,
            duration: .milliseconds(durationMs))) else {
            FileHandle.standardError.write(Data("\(arguments[0]) does not take part in the dictionary workload\n".utf8))
            exit(1)
        }
        result = run
    } else {
        result = chosen.contention(
            threads: threads, workIterations: work, duration: .milliseconds(durationMs), readPercent: readPercent)
    }
    print([String(result.elapsedNanoseconds), String(result.contextSwitches), String(result.outsideLoad ?? -1),
           String(result.steal ?? -1), String(result.idle ?? -1), String(result.sampledWorkNanoseconds ?? -1),
           String(result.crossCPURoundTripNanoseconds ?? -1),
           result.perThreadOps.map(String.init).joined(separator: ",")].joined(separator: "\t"))

case "report":
    var options = ReportOptions()
    var index = 0
    func value() -> String {
        index += 1
        guard index < arguments.count else { usage() }
        return arguments[index]
    }
    // A mistyped number stops the report before it runs for an hour with a
    // default the user did not ask for.
    func number(_ text: String, for option: String, atLeast minimum: Int) -> Int {
        guard let number = Int(text), number >= minimum else {
            FileHandle.standardError.write(Data(
                "contention-report: \(option) wants whole numbers of at least \(minimum), got '\(text)'\n".utf8))
            exit(2)
        }
        return number
    }
    while index < arguments.count {
        let option = arguments[index]
        switch option {
        case "--runs": options.runs = number(value(), for: option, atLeast: 1)
        case "--repeat-passes": options.repeatPasses = number(value(), for: option, atLeast: 0)
        case "--duration-ms": options.durationMs = number(value(), for: option, atLeast: 1)
        case "--out": options.outputDirectory = value()
        case "--instructions": options.instructionsFile = value()
        case "--command": options.command = value()
        case "--threads":
            options.threadCounts = value().split(separator: ",", omittingEmptySubsequences: false)
                .map { number(String($0), for: option, atLeast: 1) }
        case "--latency-runs": options.latencyRuns = number(value(), for: option, atLeast: 1)
        case "--goal-latency-runs": options.goalLatencyRuns = number(value(), for: option, atLeast: 1)
        case "--latency-acquisitions": options.latencyAcquisitions = number(value(), for: option, atLeast: 1)
        default: usage()
        }
        index += 1
    }
    do {
        try Report(options: options).run()
    } catch {
        FileHandle.standardError.write(Data("contention-report: \(error)\n".utf8))
        exit(1)
    }

default:
    usage()
}
