import Foundation
import LockPeers

struct ReportOptions {
    var runs = 5
    /// Runs of each producer/consumer configuration.
    var latencyRuns = 15
    /// Runs of SafeBox and Mutex (next) in that shape, whose pooled p99
    /// decides issue 24's latency goal. In 300 runs of each on the 2-vCPU
    /// Xeon VM, 15 runs drawn at random put either lock's pooled p99
    /// anywhere in a 1 µs band (5th to 95th percentile), wider than the gap
    /// between them; 150 runs narrow it to about 0.2 µs. (Batches of 150 on
    /// different occasions still differ by more: Benchmarks/Results/
    /// reruns.md, "How many latency runs decide the p99 goal".)
    var goalLatencyRuns = 150
    /// Consumer acquisitions per producer/consumer run (ordo-one: 49 995).
    var latencyAcquisitions = 50_000
    /// Extra rounds that repeat configurations the machine disturbed.
    var repeatPasses = 3
    var durationMs = 500
    var threadCounts = ReportOptions.defaultThreadCounts()
    var workNanoseconds = 75.0
    var outputDirectory = ReportOptions.referenceDirectory
    /// Where the reference report goes: the one the README and the docs quote.
    static let referenceDirectory = "Results"
    /// Whether this run writes the reference report (`--out Results/`,
    /// `./Results` and the like count too).
    var writesReference: Bool {
        URL(fileURLWithPath: outputDirectory).standardizedFileURL
            == URL(fileURLWithPath: ReportOptions.referenceDirectory).standardizedFileURL
    }
    var instructionsFile: String?
    var command = "./run-report.sh"
    /// Units inside the lock in the dictionary workload (ordo-one's `work`).
    var insideUnits = [1, 16, 256]
    /// Iterations of the multiply-add chain between acquisitions (ordo-one's `pause`).
    var outsideIterations = [0, 256]

    /// 1, 2, 4, 8 threads, and on bigger machines doubling up to 4 × the cores.
    static func defaultThreadCounts() -> [Int] {
        var counts = [1, 2, 4, 8]
        let limit = 4 * ProcessInfo.processInfo.activeProcessorCount
        while let last = counts.last, last * 2 <= limit { counts.append(last * 2) }
        return counts
    }

    /// Consumers in the producer/consumer workload: one producer plus N
    /// consumers make 2 × and 4 × the cores (ordo-one ran 15 and 63 consumers
    /// on 16- to 64-core machines).
    var consumerCounts: [Int] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return [2 * cores - 1, 4 * cores - 1]
    }
}

/// One workload: what each thread does per operation.
struct Workload {
    let key: String
    let title: String
    let workIterations: Int
    let readPercent: Int
    let peers: [Peer]
    /// Units of dictionary work inside the lock (the dictionary workload), or
    /// nil for the counter workloads.
    var insideUnits: Int? = nil

    /// What one operation is, for chart axes.
    var operation: String { insideUnits == nil ? "lock+increment+unlock" : "acquisitions" }
}

/// Tells runs the machine disturbed from runs the lock made slow, using
/// only measurements the lock cannot influence.
struct DisturbanceCheck {
    /// Other processes and the hypervisor (steal) took more than this share
    /// of all CPU time during the run.
    static let maxForeignShare = 0.10
    /// The timed work call, which runs outside the lock, took this much
    /// longer than on a quiet CPU: the vCPU itself ran slow (another guest
    /// on the host core), which /proc cannot show.
    static let maxWorkSlowdown = 1.15

    /// One timed work call on a quiet CPU, in ns, by work iterations.
    let quietWorkCalls: [Int: Double]

    /// Why a run with this foreign CPU share does not measure the lock
    /// alone, or nil if others and steal stayed under the limit.
    static func foreignReason(outsideLoad: Double?, steal: Double?) -> String? {
        let foreign = (outsideLoad ?? 0) + (steal ?? 0)
        guard foreign > maxForeignShare else { return nil }
        return String(format: "others and steal took %.0f%% of the CPUs", foreign * 100)
    }

    /// Why `run` of a workload with `workIterations` between acquisitions
    /// does not measure the lock alone, or nil.
    func reason(_ run: RunResult, workIterations: Int) -> String? {
        if let reason = Self.foreignReason(outsideLoad: run.outsideLoad, steal: run.steal) { return reason }
        if let sampled = run.sampledWorkNanoseconds, let quiet = quietWorkCalls[workIterations],
           sampled > quiet * Self.maxWorkSlowdown {
            return String(format: "CPU ran slow: work outside the lock took %.2f× its quiet time", sampled / quiet)
        }
        return nil
    }
}

/// Every run of one peer in one workload at one thread count.
struct Cell {
    struct Measured {
        let run: RunResult
        /// Why the machine disturbed this run, or nil.
        let disturbance: String?
        /// The round it ran in (every cell runs at most once per round).
        let round: Int
    }

    /// Every run in the order it ran, disturbed ones included.
    var measured: [Measured] = []
    /// How many undisturbed runs the figures want.
    let wanted: Int

    init(wanted: Int) { self.wanted = wanted }

    var undisturbed: [RunResult] { measured.filter { $0.disturbance == nil }.map(\.run) }
    /// Whether enough undisturbed runs exist; if not, the figures use every run.
    var complete: Bool { undisturbed.count >= wanted }
    /// The runs every figure uses: the first `wanted` undisturbed runs, or
    /// every run if repeats could not collect that many.
    var runs: [RunResult] { complete ? Array(undisturbed.prefix(wanted)) : measured.map(\.run) }
    var repeats: Int { max(0, measured.count - wanted) }

    var nanoseconds: [Double] { runs.map(\.nanosecondsPerOp).sorted() }
    var median: Double { Self.median(nanoseconds) }
    var slowest: Double { nanoseconds.last ?? .nan }
    var fastest: Double { nanoseconds.first ?? .nan }
    /// Slowest run relative to the median run.
    var instability: Double { slowest / median }
    /// The same over every run, disturbed ones included.
    var instabilityOfAllRuns: Double { (measured.map(\.run.nanosecondsPerOp).max() ?? .nan) / median }
    /// Median over runs of (fastest thread's ops / slowest thread's ops).
    var fairness: Double { Self.median(runs.map(\.fastestOverSlowest).sorted()) }
    var worstFairness: Double { runs.map(\.fastestOverSlowest).max() ?? .nan }
    var contextSwitches: Double { Self.median(runs.map(\.contextSwitchesPerMillionOps).sorted()) }
    /// Other processes' CPU share during the slowest run used.
    var outsideLoadOfSlowest: Double? { runs.max { $0.nanosecondsPerOp < $1.nanosecondsPerOp }?.outsideLoad }

    /// This cell's ns/op ÷ `other`'s in the same round, sorted, over the
    /// rounds in which both ran undisturbed, or over every round both ran in
    /// when fewer than half of them were. Within a round one configuration's
    /// peers run one after another, seconds apart, so a change in where the
    /// host put the vCPUs between rounds moves both. Empty when they shared
    /// no round.
    ///
    /// ```swift
    /// policy.pairedRatios(to: plainBox)  // [0.97, 1.02, 1.04, 1.06, 1.31]
    /// ```
    func pairedRatios(to other: Cell) -> [Double] {
        var all: [Double] = []
        var undisturbed: [Double] = []
        for mine in measured {
            guard let theirs = other.measured.first(where: { $0.round == mine.round }) else { continue }
            let ratio = mine.run.nanosecondsPerOp / theirs.run.nanosecondsPerOp
            all.append(ratio)
            if mine.disturbance == nil && theirs.disturbance == nil { undisturbed.append(ratio) }
        }
        return (undisturbed.count * 2 >= all.count ? undisturbed : all).sorted()
    }

    static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

struct Report {
    let options: ReportOptions
    let reference = Peer.safeBox

    func run() throws {
        let started = Date()
        let loadBefore = loadAverage()
        let calibration = calibrateWork(targetNanoseconds: options.workNanoseconds)
        let contended = Peer.joining(.counter)
        let workloads = [
            Workload(key: "bare", title: "Bare: lock, increment, unlock, repeat", workIterations: 0, readPercent: 0,
                     peers: contended),
            Workload(key: "work",
                     title: String(format: "With work outside the lock (~%.0f ns between acquisitions)", calibration.nanoseconds),
                     workIterations: calibration.iterations, readPercent: 0, peers: contended),
            Workload(key: "read-mostly", title: "Read-mostly: 99% reads, 1% writes", workIterations: 0, readPercent: 99,
                     peers: Peer.joining(.readMostly)),
        ] + dictionaryWorkloads()

        let workIterations = Set(workloads.map(\.workIterations).filter { $0 > 0 })
        let check = DisturbanceCheck(quietWorkCalls: Dictionary(uniqueKeysWithValues: workIterations.map {
            ($0, timedWorkCallNanoseconds(iterations: $0))
        }))
        let units = unitCosts()
        let floor = latencyFloor()

        // Runs are interleaved (round by round, every configuration once per
        // round) so a burst of load on the machine hits all peers alike.
        // Then up to `repeatPasses` more rounds repeat, for every peer alike,
        // the configurations the machine disturbed (see DisturbanceCheck).
        var cells: [String: Cell] = [:]
        for round in 1...(options.runs + options.repeatPasses) {
            var ran = 0
            for workload in workloads {
                for threads in options.threadCounts {
                    if workload.readPercent > 0 && threads == 1 { continue }
                    for peer in workload.peers {
                        // The engine study compares contended behaviour only.
                        if threads == 1 && peer.workloads == [.engineStudy] { continue }
                        let cellKey = key(workload, peer, threads)
                        var cell = cells[cellKey] ?? Cell(wanted: options.runs)
                        if round > options.runs && cell.complete { continue }
                        let result = try isolatedRun(peer, workload: workload, threads: threads)
                        cell.measured.append(Cell.Measured(
                            run: result, disturbance: check.reason(result, workIterations: workload.workIterations),
                            round: round))
                        cells[cellKey] = cell
                        ran += 1
                    }
                }
            }
            FileHandle.standardError.write(Data("round \(round): \(ran) runs\n".utf8))
            if round >= options.runs && cells.values.allSatisfy(\.complete) { break }
        }
        let latencies = try latencyCells()
        let loadAfter = loadAverage()
        let instructions = try readInstructions()

        let outputDirectory = URL(fileURLWithPath: options.outputDirectory)
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        let markdown = render(
            workloads: workloads, cells: cells, instructions: instructions, calibration: calibration,
            quietWorkCall: check.quietWorkCalls[calibration.iterations], units: units, latencies: latencies,
            latencyFloor: floor,
            started: started, load: (loadBefore, loadAfter))
        try markdown.write(to: outputDirectory.appendingPathComponent("contention.md"), atomically: true, encoding: .utf8)
        func medians(_ workload: Workload, _ peer: Peer, _ threads: Int) -> Double? {
            cells[key(workload, peer, threads)]?.median
        }
        let counterChart = Chart(
            title: "Counter workloads: throughput vs threads",
            workloads: Array(workloads.prefix(2)), peers: workloads[0].peers, threadCounts: options.threadCounts,
            medians: medians)
        try counterChart.svg().write(to: outputDirectory.appendingPathComponent("contention.svg"), atomically: true, encoding: .utf8)
        let dictionaryChart = Chart(
            title: "Dictionary workload (ordo-one's shape): throughput vs threads",
            workloads: workloads.filter { $0.insideUnits != nil }, peers: Peer.joining(.shapes),
            threadCounts: options.threadCounts, medians: medians)
        try dictionaryChart.svg().write(to: outputDirectory.appendingPathComponent("dictionary.svg"), atomically: true, encoding: .utf8)
        try LatencyChart(cells: latencies.filter { $0.peer.workloads.contains(.shapes) }).svg()
            .write(to: outputDirectory.appendingPathComponent("latency.svg"), atomically: true, encoding: .utf8)
        try rawRuns(workloads: workloads, cells: cells)
            .write(to: outputDirectory.appendingPathComponent("runs.tsv"), atomically: true, encoding: .utf8)
        try rawLatencyRuns(latencies)
            .write(to: outputDirectory.appendingPathComponent("latency.tsv"), atomically: true, encoding: .utf8)
        print(markdown)
    }

    /// Runs one measurement in a fresh process of this tool, so threads a
    /// previous peer left behind (libdispatch's worker pool, the concurrency
    /// runtime's cooperative pool) cannot disturb the next one.
    func isolatedRun(_ peer: Peer, workload: Workload, threads: Int) throws -> RunResult {
        let (line, status) = try runTool([
            "run-one", peer.slug, "\(threads)", "\(workload.workIterations)", "\(workload.readPercent)",
            "\(options.durationMs)", "\(workload.insideUnits ?? -1)",
        ])
        let fields = line.split(separator: "\t")
        guard status == 0, fields.count == 8, let elapsed = Double(fields[0]),
              let switches = Int(fields[1]), let load = Double(fields[2]), let steal = Double(fields[3]),
              let idle = Double(fields[4]), let work = Double(fields[5]), let roundTrip = Double(fields[6]) else {
            throw Failure(description: "run of \(peer.slug) with \(threads) threads (\(workload.key)) failed (status \(status)): \(line)")
        }
        var result = RunResult(
            threads: threads, elapsedNanoseconds: elapsed,
            perThreadOps: fields[7].split(separator: ",").compactMap { Int($0) }, contextSwitches: switches)
        result.outsideLoad = load >= 0 ? load : nil
        result.steal = steal >= 0 ? steal : nil
        result.idle = idle >= 0 ? idle : nil
        result.sampledWorkNanoseconds = work >= 0 ? work : nil
        result.crossCPURoundTripNanoseconds = roundTrip >= 0 ? roundTrip : nil
        return result
    }

    /// Runs this tool with `arguments` in a fresh process; returns its
    /// standard output (trimmed) and exit status.
    func runTool(_ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Only the line break goes: a line's last field may be empty (a
        // producer that never got the lock prints no latency buckets).
        return (String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines),
                process.terminationStatus)
    }

    func key(_ workload: Workload, _ peer: Peer, _ threads: Int) -> String {
        "\(workload.key)|\(peer.slug)|\(threads)"
    }

    // MARK: Inputs

    func readInstructions() throws -> [Peer: Double] {
        guard let path = options.instructionsFile else { return [:] }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var result: [Peer: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 2, let peer = Peer(slug: String(fields[0])), let count = Double(fields[1]) else {
                throw Failure(description: "\(path): cannot read line '\(line)' (want: peer<TAB>instructions per op)")
            }
            result[peer] = count
        }
        return result
    }

    func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ") ?? "n/a"
    }

    func machine() -> [String] {
        var lines: [String] = []
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let model = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") })?
            .split(separator: ":", maxSplits: 1).last {
            lines.append("CPU: \(model.trimmingCharacters(in: .whitespaces)), \(ProcessInfo.processInfo.activeProcessorCount) logical CPUs")
        } else {
            lines.append("CPUs: \(ProcessInfo.processInfo.activeProcessorCount)")
        }
        lines.append("OS: \(ProcessInfo.processInfo.operatingSystemVersionString)")
        if let swift = ProcessInfo.processInfo.environment["REPORT_SWIFT_VERSION"] { lines.append("Toolchain: \(swift)") }
        if let host = ProcessInfo.processInfo.environment["REPORT_MACHINE"] { lines.append("Machine: \(host)") }
        lines.append("Memory: \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB")
        return lines
    }

    // MARK: Rendering

    func format(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        if value >= 1000 { return String(format: "%.0f", value) }
        if value >= 100 { return String(format: "%.0f", value) }
        return String(format: "%.1f", value)
    }

    func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        return String(format: "%.2f×", value)
    }

    /// A goal table's *met* cell.
    func mark(_ met: Bool) -> String { met ? "yes" : "**no**" }

    func render(
        workloads: [Workload], cells: [String: Cell], instructions: [Peer: Double],
        calibration: (iterations: Int, nanoseconds: Double), quietWorkCall: Double?,
        units: (insideNanoseconds: Double, outsideNanoseconds: Double), latencies: [LatencyCell],
        latencyFloor: (p50: UInt64, p99: UInt64), started: Date,
        load: (String, String)
    ) -> String {
        var out: [String] = []
        let stamp = ISO8601DateFormatter().string(from: started)
        out.append("# Lock contention report")
        out.append("")
        out.append("Generated \(stamp) by `\(options.command)` (from `Benchmarks/`).")
        // Only the reference report is quoted; a quick look or another
        // host's report (RESULTS_DIR in run-report.sh) says so.
        out.append(options.writesReference
            ? "Every figure in the README and the docs comes from this file; regenerate it with the same command."
            : "The README and the docs quote \(ReportOptions.referenceDirectory)/contention.md, not this file.")
        out.append("")
        out.append("## Machine")
        out.append("")
        for line in machine() { out.append("- \(line)") }
        out.append("- Load average (1/5/15 min) before: \(load.0); after: \(load.1)")
        let loads = cells.values.flatMap(\.measured).compactMap(\.run.outsideLoad).sorted()
        if !loads.isEmpty {
            out.append(String(format: "- Other processes' share of the CPUs during the runs: median %.0f%%, worst %.0f%%",
                              Cell.median(loads) * 100, (loads.last ?? 0) * 100))
        }
        let roundTrips = cells.values.flatMap(\.measured).compactMap(\.run.crossCPURoundTripNanoseconds).sorted()
        if let nearest = roundTrips.first, let farthest = roundTrips.last {
            let far = roundTrips.filter { $0 > 2 * nearest }.count
            out.append(String(format: "- Cache-line round trip between CPUs 0 and 1, measured around every run: %.0f–%.0f ns, median %.0f ns;",
                              nearest, farthest, Cell.median(roundTrips)))
            out.append("  \(far) of \(roundTrips.count) runs saw more than twice the shortest (the host had put the vCPUs on distant")
            out.append("  cores). Those runs are kept: it is the machine every peer ran on, and runs.tsv shows it per run.")
        }
        out.append("")
        out.append("## Method")
        out.append("")
        out.append("- Each figure is the **median of \(options.runs) runs**; each run lets N OS threads share one counter for")
        out.append("  \(options.durationMs) ms (`contention-report`, release build). **ns/op** = wall time ÷ operations completed by")
        out.append("  all threads together, where one operation is lock + `+= 1` + unlock. Runs are interleaved round by round")
        out.append("  across all peers so load on the machine hits every peer alike. After each run the counter must equal the")
        out.append("  operations the threads counted (no lost updates), or the tool stops. Every run is a fresh process, so")
        out.append("  threads one peer leaves behind (dispatch's worker pool, the cooperative pool) cannot disturb the next.")
        out.append("- **×SafeBox** = the peer's ns/op ÷ SafeBox (adaptive policy)'s ns/op in the same table: above 1 means SafeBox is faster.")
        out.append("- **worst run** = slowest of the runs ÷ their median. **fairness** = operations of the fastest thread ÷ those of")
        out.append("  the slowest thread in the same run (median over runs; 1.00 = perfectly even). **cs/Mop** = context")
        out.append("  switches of the whole process per million operations.")
        out.append(String(format: "- Work outside the lock: %d iterations of a dependent multiply-add chain, measured at %.1f ns.", calibration.iterations, calibration.nanoseconds))
        out.append("- **outside load** = share of all CPU time that other processes used during a run, **steal** = share the")
        out.append("  hypervisor gave to other guests (both from /proc/stat). In the work workload each thread also times its")
        out.append("  first work call of every 64 (the work runs outside the lock, so the lock cannot slow it); one such call")
        out.append(String(format: "  takes %.1f ns on a quiet CPU, clock reads included.", quietWorkCall ?? .nan))
        out.append(String(format: "- **Disturbed runs are repeated.** A run during which other processes and steal took more than %.0f%% of the",
                          DisturbanceCheck.maxForeignShare * 100))
        out.append(String(format: "  CPUs, or its timed work calls took more than %.2f× their quiet time (the vCPU itself ran slow, which",
                          DisturbanceCheck.maxWorkSlowdown))
        out.append("  /proc cannot show), measured the machine rather than the lock. Such configurations run again, for every")
        out.append("  peer alike, in up to \(options.repeatPasses) extra rounds; the figures use the first \(options.runs) undisturbed runs.")
        let total = cells.values.reduce(0) { $0 + $1.measured.count }
        let disturbed = cells.values.reduce(0) { $0 + $1.measured.filter { $0.disturbance != nil }.count }
        let incomplete = cells.values.filter { !$0.complete }.count
        out.append("  This report: \(disturbed) of \(total) runs were disturbed; \(incomplete) configuration\(incomplete == 1 ? "" : "s")")
        out.append("  could not collect \(options.runs) undisturbed runs and use\(incomplete == 1 ? "s" : "") every run. runs.tsv lists every run with")
        out.append("  these measurements and the reason it was set aside.")
        out.append("- The actor peer runs N tasks on the cooperative pool (one thread per core) with one `await` per operation.")
        out.append(contentsOf: shapesMethod(units: units, latencyFloor: latencyFloor))
        out.append("- Instructions per operation: `valgrind --tool=callgrind` on a debug-info-stripped copy of this tool running")
        out.append("  the uncontended loop 200 000 and 400 000 times; the difference ÷ 200 000, so start-up cancels out.")
        out.append("  Includes the loop's own increment/compare/branch (~3 instructions) and the `+= 1` with its overflow check.")
        out.append("")

        // Uncontended.
        out.append("## Uncontended (1 thread)")
        out.append("")
        out.append("| lock | instructions/op | ns/op (median) | runs (min – max) | ×SafeBox |")
        out.append("|---|---:|---:|---:|---:|")
        let bare = workloads[0]
        let referenceSingle = cells[key(bare, reference, 1)]?.median ?? .nan
        for peer in bare.peers {
            guard let cell = cells[key(bare, peer, 1)] else { continue }
            let instr = instructions[peer].map { String(format: "%.1f", $0) } ?? "–"
            out.append("| \(peer.name) | \(instr) | \(format(cell.median)) | \(format(cell.fastest)) – \(format(cell.slowest)) | \(ratio(cell.median / referenceSingle)) |")
        }
        out.append("")

        // Contended tables.
        for workload in workloads {
            let threads = options.threadCounts.filter { workload.readPercent == 0 || $0 > 1 }
            out.append("## \(workload.title)")
            out.append("")
            out.append("ns/op, median of \(options.runs) runs (×SafeBox in parentheses).")
            out.append("")
            out.append("| lock | " + threads.map { "\($0) thread\($0 == 1 ? "" : "s")" }.joined(separator: " | ") + " |")
            out.append("|---|" + threads.map { _ in "---:" }.joined(separator: "|") + "|")
            for peer in workload.peers {
                var row = "| \(peer.name) |"
                for count in threads {
                    guard let cell = cells[key(workload, peer, count)] else { row += " – |"; continue }
                    let referenceMedian = cells[key(workload, reference, count)]?.median ?? .nan
                    row += " \(format(cell.median)) (\(ratio(cell.median / referenceMedian))) |"
                }
                out.append(row)
            }
            out.append("")
            out.append("Stability and fairness at the highest thread counts:")
            out.append("")
            let detailThreads = threads.filter { $0 > 1 }
            out.append("| lock | " + detailThreads.map { "\($0)t worst run / fairness / cs/Mop" }.joined(separator: " | ") + " |")
            out.append("|---|" + detailThreads.map { _ in "---:" }.joined(separator: "|") + "|")
            for peer in workload.peers {
                var row = "| \(peer.name) |"
                for count in detailThreads {
                    guard let cell = cells[key(workload, peer, count)] else { row += " – |"; continue }
                    row += " \(ratio(cell.instability)) / \(ratio(cell.fairness)) / \(format(cell.contextSwitches)) |"
                }
                out.append(row)
            }
            out.append("")
            if workload.readPercent == 0, workload.insideUnits == nil, let nearest = shortestRoundTrip(cells) {
                out.append(contentsOf: splitByPlacement(workload, cells: cells, threads: detailThreads, nearest: nearest))
            }
        }

        out.append(contentsOf: starvation(workloads: workloads, cells: cells))
        out.append(contentsOf: latencyTables(latencies))
        out.append(contentsOf: verdict(workloads: workloads, cells: cells, latencies: latencies, latencyFloor: latencyFloor))
        out.append(contentsOf: latencyGoals(latencies))
        out.append(contentsOf: engineStudy(workloads: workloads, cells: cells, latencies: latencies))
        out.append(contentsOf: goals(workloads: workloads, cells: cells, instructions: instructions))
        out.append(contentsOf: pthreadPolicies(workloads: workloads, cells: cells, instructions: instructions))
        out.append("")
        out.append("![Counter workloads: throughput vs threads](contention.svg)")
        out.append("")
        out.append("![Dictionary workload: throughput vs threads](dictionary.svg)")
        out.append("")
        out.append("![Producer/consumer: consumer acquire latency percentiles](latency.svg)")
        out.append("")
        out.append("Raw runs: [runs.tsv](runs.tsv), [latency.tsv](latency.tsv).")
        out.append("")
        return out.joined(separator: "\n")
    }

    /// The shortest cross-CPU round trip of any run: the machine with its
    /// vCPUs on nearby host cores.
    func shortestRoundTrip(_ cells: [String: Cell]) -> Double? {
        cells.values.flatMap(\.measured).compactMap(\.run.crossCPURoundTripNanoseconds).min()
    }

    /// The same runs split by where the host had put the vCPUs, so peers are
    /// compared on the same machine state: which state a run lands in is luck,
    /// and a median over a different mix of states is not a fair comparison.
    func splitByPlacement(_ workload: Workload, cells: [String: Cell], threads: [Int], nearest: Double) -> [String] {
        var out = ["The same runs split by where the host had put the two vCPUs: **near** (cache-line round trip within",
                   String(format: "2× the shortest, %.0f ns) and **far** (beyond). Median ns/op (number of runs); – when no run landed there.", nearest),
                   ""]
        out.append("| lock | " + threads.map { "\($0)t near | \($0)t far" }.joined(separator: " | ") + " |")
        out.append("|---|" + threads.map { _ in "---:|---:" }.joined(separator: "|") + "|")
        for peer in workload.peers {
            var row = "| \(peer.name) |"
            for count in threads {
                let runs = cells[key(workload, peer, count)]?.runs ?? []
                for far in [false, true] {
                    let chosen = runs.filter { run in
                        guard let trip = run.crossCPURoundTripNanoseconds else { return false }
                        return (trip > 2 * nearest) == far
                    }.map(\.nanosecondsPerOp).sorted()
                    row += chosen.isEmpty ? " – |" : " \(format(Cell.median(chosen))) (\(chosen.count)) |"
                }
            }
            out.append(row)
        }
        out.append("")
        return out
    }

    /// The goals of issue 4, checked against this run's numbers. The counter
    /// workloads only: the dictionary workloads have their own verdict.
    func goals(workloads: [Workload], cells: [String: Cell], instructions: [Peer: Double]) -> [String] {
        var out = ["## Goals (issue 4), checked against this run", ""]
        out.append("| goal | measured | met |")
        out.append("|---|---|:---:|")
        let bare = workloads[0]
        if let count = instructions[reference] {
            out.append("| ≤ 16 instructions per uncontended lock+increment+unlock | \(String(format: "%.1f", count)) (Mutex: \(instructions[.stdlibMutex].map { String(format: "%.1f", $0) } ?? "–")) | \(mark(count <= 16)) |")
        }
        if let mine = cells[key(bare, reference, 1)]?.median, let mutex = cells[key(bare, .stdlibMutex, 1)]?.median {
            out.append("| ≤ 1.1× Mutex's time uncontended | \(format(mine)) ns vs \(format(mutex)) ns = \(ratio(mine / mutex)) | \(mark(mine <= 1.1 * mutex)) |")
        }
        for workload in workloads.prefix(2) {
            for threads in options.threadCounts where threads > 1 {
                guard let mine = cells[key(workload, reference, threads)]?.median,
                      let adaptive = cells[key(workload, .pthreadAdaptive, threads)]?.median else { continue }
                out.append("| ≤ pthread adaptive, \(workload.key), \(threads) threads | \(format(mine)) ns vs \(format(adaptive)) ns = \(ratio(mine / adaptive)) | \(mark(mine <= adaptive)) |")
            }
        }
        var worstRun = (value: 0.0, label: "", load: Double?.none)
        var allRuns = (value: 0.0, label: "")
        var worstFair = (value: 0.0, label: "")
        for workload in workloads.prefix(2) {
            for threads in options.threadCounts {
                guard let cell = cells[key(workload, reference, threads)] else { continue }
                let label = "\(workload.key), \(threads) threads"
                if cell.instability > worstRun.value { worstRun = (cell.instability, label, cell.outsideLoadOfSlowest) }
                if cell.instabilityOfAllRuns > allRuns.value { allRuns = (cell.instabilityOfAllRuns, label) }
                if threads > 1 && cell.fairness > worstFair.value { worstFair = (cell.fairness, label) }
            }
        }
        let loadNote = worstRun.load.map { String(format: "; other processes used %.0f%% of the CPUs during that run", $0 * 100) } ?? ""
        out.append("| slowest of \(options.runs) undisturbed runs within 2× of their median (every SafeBox configuration) | worst: \(ratio(worstRun.value)) (\(worstRun.label)\(loadNote)); counting disturbed runs too: \(ratio(allRuns.value)) (\(allRuns.label)) | \(mark(worstRun.value <= 2)) |")
        out.append("| slowest thread within 1.5× of the fastest (median run, every contended SafeBox configuration) | worst: \(ratio(worstFair.value)) (\(worstFair.label)) | \(mark(worstFair.value <= 1.5)) |")
        return out
    }

    /// Issue 24's goal for the pthread policies: each within 1.1× of a
    /// plain pthread box of the same kind, in instructions and in time,
    /// uncontended and contended (the two counter workloads).
    func pthreadPolicies(workloads: [Workload], cells: [String: Cell], instructions: [Peer: Double]) -> [String] {
        let limit = 1.1
        let counters = Array(workloads.prefix(2))
        var out = ["", "## pthread policies against plain pthread boxes (issue 24)", ""]
        out.append("Each `.pthread(kind)` policy ÷ the plain pthread box of the same kind (the mutex and the value at the")
        out.append("offsets SafeBox gives them, every return code checked): instructions per uncontended operation, then")
        out.append("for each counter workload and thread count the median over rounds of the policy's ns/op ÷ the plain box's in")
        out.append("the same round (in every round the two run seconds apart, so where the host put the vCPUs, which moves")
        out.append("these times by up to 2× from round to round, moves both). Goal: every ratio ≤ \(ratio(limit)). Where a")
        out.append("time misses, *spread* says that in at least one round the policy was within \(ratio(limit)) of its box (the miss")
        out.append("is within round-to-round noise), *loss* that it was slower in every round.")
        out.append("")
        var header = "| policy | instructions |"
        var rule = "|---|---:|"
        for workload in counters {
            for threads in options.threadCounts {
                header += " \(workload.key) \(threads)t |"
                rule += "---:|"
            }
        }
        out.append(header + " met |")
        out.append(rule + ":---:|")
        for (policy, plain) in Peer.pthreadPolicyPairs {
            var ratios: [Double] = []
            var row = "| \(policy.name) ÷ \(plain.name) |"
            if let mine = instructions[policy], let theirs = instructions[plain] {
                ratios.append(mine / theirs)
                row += " \(ratio(mine / theirs)) |"
            } else {
                row += " – |"
            }
            for workload in counters {
                for threads in options.threadCounts {
                    guard let mine = cells[key(workload, policy, threads)], let theirs = cells[key(workload, plain, threads)],
                          case let rounds = mine.pairedRatios(to: theirs), let best = rounds.first
                    else { row += " – |"; continue }
                    let paired = Cell.median(rounds)
                    ratios.append(paired)
                    var entry = ratio(paired)
                    if paired > limit { entry += best <= limit ? " (spread)" : " (**loss**)" }
                    row += " \(entry) |"
                }
            }
            let met = !ratios.isEmpty && ratios.allSatisfy { $0 <= limit }
            out.append(row + " \(mark(met)) |")
        }
        return out
    }

    func rawRuns(workloads: [Workload], cells: [String: Cell]) -> String {
        var lines = ["workload\tpeer\tthreads\trun\tns_per_op\ttotal_ops\tfastest_over_slowest\tcontext_switches\toutside_load\tsteal\tidle\ttimed_work_ns\tcross_cpu_ns\tdisturbed\tper_thread_ops"]
        for workload in workloads {
            for peer in workload.peers {
                for threads in options.threadCounts {
                    guard let cell = cells[key(workload, peer, threads)] else { continue }
                    for (index, measured) in cell.measured.enumerated() {
                        let run = measured.run
                        func optional(_ value: Double?, _ format: String) -> String {
                            value.map { String(format: format, $0) } ?? ""
                        }
                        var fields: [String] = [workload.key, peer.slug, "\(threads)", "\(index + 1)"]
                        fields.append(String(format: "%.2f", run.nanosecondsPerOp))
                        fields.append("\(run.totalOps)")
                        fields.append(String(format: "%.3f", run.fastestOverSlowest))
                        fields.append("\(run.contextSwitches)")
                        fields.append(optional(run.outsideLoad, "%.2f"))
                        fields.append(optional(run.steal, "%.2f"))
                        fields.append(optional(run.idle, "%.2f"))
                        fields.append(optional(run.sampledWorkNanoseconds, "%.1f"))
                        fields.append(optional(run.crossCPURoundTripNanoseconds, "%.0f"))
                        fields.append(measured.disturbance ?? "")
                        fields.append(run.perThreadOps.map(String.init).joined(separator: ","))
                        lines.append(fields.joined(separator: "\t"))
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
