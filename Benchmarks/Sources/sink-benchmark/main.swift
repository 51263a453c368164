// sink-benchmark: the cost of a log call through LoggingSink against the
// naive designs for the seed's `Logging.sink`, same run, ratios.
//
//   swift run -c release sink-benchmark [--duration-ms 200] [--repetitions 5] [--output ../Results/sink.md]
//
// Cost is CPU time of the whole process (user + system, getrusage) per
// call, so oversubscribed runs (4 and 8 threads on a 2-core machine) and
// work done on other threads (the actor design's tasks) are counted
// honestly. Each cell is the median of the repetitions.
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

struct Options {
    var duration: Duration = .milliseconds(200)
    var repetitions = 5
    var threadCounts = [1, 2, 4, 8]
    var output: String?
    var only: String?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            switch flag {
            case "--duration-ms": duration = .milliseconds(Int(rest.popFirst() ?? "") ?? 200)
            case "--repetitions": repetitions = Int(rest.popFirst() ?? "") ?? 5
            case "--threads": threadCounts = (rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--output": output = rest.popFirst()
            case "--only": only = rest.popFirst()
            default:
                FileHandle.standardError.write(Data("unknown option \(flag)\n".utf8))
                exit(64)
            }
        }
    }
}

func processCPUNanoseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func ns(_ t: timeval) -> Double { Double(t.tv_sec) * 1e9 + Double(t.tv_usec) * 1e3 }
    return ns(usage.ru_utime) + ns(usage.ru_stime)
}

final class Flags: Sendable {
    let ready = Atomic<Int>(0)
    let go = Atomic<Bool>(false)
    let stop = Atomic<Bool>(false)
    let ops = Mutex<Int>(0)
}

/// `threads` OS threads log through `peer` until told to stop; with
/// `replaceEvery` > 0, every that-many-th operation replaces the sink.
/// Returns CPU nanoseconds per operation.
func measure<P: SinkPeer>(_: P.Type, threads: Int, replaceEvery: Int, duration: Duration) -> Double {
    let peer = P()
    let flags = Flags()
    let finished = DispatchGroup()
    for index in 0..<threads {
        finished.enter()
        let thread = Thread {
            flags.ready.add(1, ordering: .relaxed)
            while !flags.go.load(ordering: .acquiring) { sched_yield() }
            var done = 0
            var countdown = replaceEvery > 0 ? replaceEvery - index : 0
            while !flags.stop.load(ordering: .relaxed) {
                for _ in 0..<64 {
                    if replaceEvery > 0 {
                        countdown -= 1
                        if countdown <= 0 {
                            countdown = replaceEvery
                            peer.replace(hostClosure)
                            continue
                        }
                    }
                    peer.log("hello")
                }
                done += 64
            }
            flags.ops.withLock { $0 += done }
            finished.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    while flags.ready.load(ordering: .relaxed) < threads { sched_yield() }
    let before = processCPUNanoseconds()
    flags.go.store(true, ordering: .releasing)
    let (seconds, attoseconds) = duration.components
    usleep(UInt32(seconds) * 1_000_000 + UInt32(attoseconds / 1_000_000_000_000))
    flags.stop.store(true, ordering: .relaxed)
    finished.wait()
    peer.settle()
    let cpu = processCPUNanoseconds() - before
    return cpu / Double(max(flags.ops.withLock { $0 }, 1))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

struct Row {
    let name: String
    let nanoseconds: [Double]  // per thread count
}

let options = Options(CommandLine.arguments)
installHostHandler()
bootstrapLogging()
let peers: [any SinkPeer.Type] = [
    DirectPeer.self,
    EmptyPeer.self,
    LoggingSinkPeer.self,
    LoggingSinkFilteredPeer.self,
    LoggingSinkFilteredStoredPeer.self,
    SafeBoxCopyOutPeer.self,
    RWLockPeer.self,
    MutexCopyOutPeer.self,
    ActorPlumbingPeer.self,
    LoggerPeer.self,
    LoggerFilteredPeer.self,
    BootstrappedLoggerPeer.self,
    BootstrappedLoggerFilteredPeer.self,
]

func table(replaceEvery: Int) -> [Row] {
    peers.map { peer in
        let always = [ObjectIdentifier(DirectPeer.self), ObjectIdentifier(EmptyPeer.self)]
        let skipped = options.only.map { !peer.name.contains($0) && !always.contains(ObjectIdentifier(peer)) } ?? false
        if skipped || (replaceEvery > 0 && !peer.replaceable) {
            return Row(name: peer.name, nanoseconds: options.threadCounts.map { _ in .nan })
        }
        let cells = options.threadCounts.map { threads in
            median((0..<options.repetitions).map { _ in
                measure(peer, threads: threads, replaceEvery: replaceEvery, duration: options.duration)
            })
        }
        FileHandle.standardError.write(Data("\(peer.name): \(cells.map { String(format: "%.1f", $0) })\n".utf8))
        return Row(name: peer.name, nanoseconds: cells)
    }
}

func format(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    return value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
}

func render(_ rows: [Row], title: String) -> String {
    let threads = options.threadCounts
    let direct = rows[0].nanoseconds
    let empty = rows[1].nanoseconds
    let sink = rows[2].nanoseconds
    let filtered = rows[3].nanoseconds
    var text = "### \(title)\n\n"
    text += "CPU ns per call (median of \(options.repetitions) runs of \(options.duration)); ratio = design / LoggingSink\n\n"
    text += "| design | " + threads.map { "\($0) thr" }.joined(separator: " | ") + " |\n"
    text += "|---|" + threads.map { _ in "---:" }.joined(separator: "|") + "|\n"
    for (index, row) in rows.enumerated() {
        let cells = row.nanoseconds.enumerated().map { column, value -> String in
            if index >= 5 && value.isFinite { return "\(format(value)) (×\(String(format: "%.1f", value / sink[column])))" }
            return format(value)
        }
        text += "| \(row.name) | " + cells.joined(separator: " | ") + " |\n"
    }
    let over = zip(sink, direct).map { format($0 - $1) }
    text += "| **LoggingSink over direct** | " + over.joined(separator: " | ") + " |\n"
    let filteredOver = zip(filtered, empty).map { format($0 - $1) }
    text += "| **filtered-out over empty call** | " + filteredOver.joined(separator: " | ") + " |\n"
    let storedOver = zip(rows[4].nanoseconds, empty).map { format($0 - $1) }
    text += "| **filtered-out (stored property) over empty call** | " + storedOver.joined(separator: " | ") + " |\n"
    func row(_ type: any SinkPeer.Type) -> [Double] {
        rows.first { $0.name == type.name }?.nanoseconds ?? threads.map { _ in .nan }
    }
    let loggerOver = zip(row(LoggerPeer.self), direct).map { format($0 - $1) }
    text += "| **swift-log Logger.info (explicit handler) over direct** | " + loggerOver.joined(separator: " | ") + " |\n"
    let loggerFiltered = zip(row(LoggerFilteredPeer.self), empty).map { format($0 - $1) }
    text += "| **swift-log filtered-out debug (stored Logger) over empty call** | " + loggerFiltered.joined(separator: " | ") + " |\n"
    let bootstrappedFiltered = zip(row(BootstrappedLoggerFilteredPeer.self), empty).map { format($0 - $1) }
    text += "| **swift-log filtered-out debug (bootstrapped static let) over empty call** | " + bootstrappedFiltered.joined(separator: " | ") + " |\n\n"
    return text
}

/// The 1-minute load average: other processes share the cores, and the
/// report says how busy the machine was.
func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
        .split(separator: " ").first.map(String.init) ?? "?"
}

/// Whether the static-let peer's sink is laid out at build time, read from
/// this executable's own symbol table: a lazily initialised global has a
/// one-time initialization token (mangled suffix `_Wz`) that every access
/// passes to `swift_once`; a statically initialised one has none. The
/// variable's own symbol is the control (absent means a stripped binary,
/// and nothing can be said).
func staticInitialisationVerdict() -> String {
    let variable = "$s14sink_benchmark12BenchLibraryO3log11LoggingSink03LogG0VvpZ"
    let token = "$s14sink_benchmark12BenchLibraryO3log_Wz"
    guard let names = symbolNames() else { return "unknown (no ELF symbol table: stripped binary?)" }
    func listed(_ symbol: String) -> Bool { names.range(of: Data((symbol + "\0").utf8)) != nil }
    guard listed(variable) else { return "unknown (`BenchLibrary.log` not in the symbol table)" }
    if listed(token) {
        FileHandle.standardError.write(Data("warning: BenchLibrary.log is lazily initialised: every access calls swift_once\n".utf8))
        return "no: it has a one-time initialization token, so every access calls `swift_once`"
    }
    return "yes: no one-time initialization token, so no `swift_once` on access"
}

/// The string table of this executable's ELF symbol table (`.symtab`'s
/// linked section), or nil. Only that section is searched: the names above
/// also occur in the program's own string literals, elsewhere in the file.
func symbolNames() -> Data? {
    guard let image = FileManager.default.contents(atPath: "/proc/self/exe"), image.count >= 64,
          image.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]), image[4] == 2 /* 64-bit */ else { return nil }
    func integer(_ offset: Int, _ size: Int) -> Int {
        (0..<size).reduce(0) { $0 | Int(image[offset + $1]) << (8 * $1) }  // little-endian
    }
    let sectionTable = integer(0x28, 8), entrySize = integer(0x3A, 2), count = integer(0x3C, 2)
    func section(_ index: Int) -> (type: Int, offset: Int, size: Int, link: Int) {
        let base = sectionTable + index * entrySize
        return (integer(base + 0x04, 4), integer(base + 0x18, 8), integer(base + 0x20, 8), integer(base + 0x28, 4))
    }
    guard sectionTable > 0, sectionTable + count * entrySize <= image.count else { return nil }
    let symbolTableType = 2  // SHT_SYMTAB
    guard let symbols = (0..<count).map(section).first(where: { $0.type == symbolTableType }),
          symbols.link < count else { return nil }
    let strings = section(symbols.link)
    guard strings.offset + strings.size <= image.count else { return nil }
    return image.subdata(in: strings.offset..<(strings.offset + strings.size))
}

let started = Date()
let loadBefore = loadAverage()
var report = "## LoggingSink benchmark\n\n"
report += "`swift run -c release sink-benchmark` on \(ProcessInfo.processInfo.activeProcessorCount) cores, \(started.formatted(.iso8601)).\n"
report += "Every design calls the same opaque destination with \"hello\". Filtered-out: `log.debug(\"…\\(i)\")` below the minimum level.\n"
report += "The `static let` sink is created without a handler and the host's closure is installed once at startup, as the docs advise; the stored-property sink is created with the closure.\n"
report += "swift-log's `Logger` rows log through a `LogHandler` that calls the same host closure; the bootstrapped rows use a `static let Logger(label:)` made after `LoggingSystem.bootstrap`. A Logger's handler cannot be replaced at run time, so those rows are absent (–) from the table with replacements.\n\n"
report += render(table(replaceEvery: 0), title: "Log calls only")
report += render(table(replaceEvery: 100), title: "99% log calls, 1% sink replacements")
report += "`BenchLibrary.log` (the static-let peer's `LogSink`) statically initialised: \(staticInitialisationVerdict()).\n\n"
report += "Load average (1 min) before / after the run: \(loadBefore) / \(loadAverage()).\n"

print(report)
if let output = options.output {
    try report.write(toFile: output, atomically: true, encoding: .utf8)
}
