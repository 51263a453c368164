import Foundation
import Testing
import TestSupport

@testable import IsolationLint
@testable import IsolationTriage
@testable import ProbeSupport

/// Every reader's cost grows linearly with its input: generated inputs of
/// growing nesting depth and size, seeded so a failure replays.
///
/// Only ratios are asserted, never absolute times: the cost per unit (per
/// level, per byte) of the largest input against the smallest, each the
/// least thread CPU time of a few repetitions, within a generous factor (a loaded 2-core
/// machine varies by 2×; an exponential or quadratic reader differs by far
/// more over the 8× to 16× span measured). A run past `budget` fails too, so
/// a reader that never finishes is a failure, not a hang.
///
/// `SCALING_LARGE=1` adds the heavy sizes (depth 1,000 for every construct
/// even in slow debug builds, inputs to 10 MB); `SCALING_SEED` replays a seed.
@Suite("scaling: time and memory grow linearly with input", .serialized)
struct ScalingTests {
    static let environment = ProcessInfo.processInfo.environment
    static var large: Bool { environment["SCALING_LARGE"] == "1" }
    static var seed: UInt64 { UInt64(environment["SCALING_SEED"] ?? "") ?? 29 }
    /// How much more one unit may cost at the largest size than at the smallest.
    static let tolerance = 3.0
    /// Past this one measurement fails (a reader that never ends).
    static let budget = Duration.seconds(60)

    // MARK: - Measuring

    /// The fastest of `repetitions` runs of `work`, in seconds, or nil when
    /// one ran past ``budget``.
    static func fastest(repetitions: Int = 3, _ work: @escaping @Sendable () -> Void) -> Double? {
        var best = Double.infinity
        for _ in 0..<repetitions {
            let outcome = LargeStackThread.run(budget: budget) { () -> Double in
                let start = threadCPUSeconds()
                work()
                return threadCPUSeconds() - start
            }
            guard case .finished(let seconds) = outcome else { return nil }
            best = min(best, seconds)
        }
        return best
    }

    /// Checks that `cost(units)` grows about linearly over `sizes` (smallest
    /// first): the per-unit cost at the largest size is at most ``tolerance``
    /// times the per-unit cost at the smallest.
    static func expectLinear(_ name: String, sizes: [Int], _ cost: (Int) -> Double?) {
        var figures: [(size: Int, seconds: Double)] = []
        for size in sizes {
            guard let seconds = cost(size) else {
                Issue.record("\(name): size \(size) did not finish within \(budget); figures so far: \(describe(figures))")
                return
            }
            figures.append((size, seconds))
        }
        guard let small = figures.first, let big = figures.last else { return }
        // A floor per measurement keeps timer resolution out of the ratio.
        let perUnitSmall = max(small.seconds, 1e-4) / Double(small.size)
        let perUnitBig = big.seconds / Double(big.size)
        let ratio = perUnitBig / perUnitSmall
        #expect(ratio <= tolerance, "\(name): per-unit cost grew \(ratio.formatted(.number.precision(.fractionLength(1))))× from size \(small.size) to \(big.size) (\(describe(figures)))")
    }

    /// CPU time of the calling thread: other tests running beside these
    /// (suites run in parallel) do not count, as they would in wall time.
    /// The work measured runs on this one thread for that reason.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func describe(_ figures: [(size: Int, seconds: Double)]) -> String {
        figures.map { "\($0.size): \(($0.seconds * 1000).formatted(.number.precision(.fractionLength(1)))) ms" }
            .joined(separator: ", ")
    }

    // MARK: - Lint: nesting

    /// A loophole lint must still find, at its exact line, after the nested code.
    static let loophole = """

        final class Holder: @unchecked Sendable {
            var callback: () -> Void = {}
        }

        """

    /// Each bracketed construct nested `depth` deep, as one Swift file.
    static let constructs: [(name: String, make: @Sendable (Int) -> String)] = [
        ("array literal", { "let x = " + String(repeating: "[", count: $0) + "1" + String(repeating: "]", count: $0) }),
        ("array type", { "let x: " + String(repeating: "[", count: $0) + "Int" + String(repeating: "]", count: $0) + " = []" }),
        ("dictionary literal", { "let x = " + String(repeating: "[k: ", count: $0) + "1" + String(repeating: "]", count: $0) }),
        ("closure", { "let x = " + String(repeating: "{ ", count: $0) + "1" + String(repeating: " }", count: $0) }),
        ("generic arguments", { "let x: " + String(repeating: "A<", count: $0) + "Int" + String(repeating: ">", count: $0) }),
        ("function type", { "let x: " + String(repeating: "() -> ", count: $0) + "Void" }),
        ("parentheses", { "let x = " + String(repeating: "(", count: $0) + "1" + String(repeating: ")", count: $0) }),
        ("tuple", { "let x = " + String(repeating: "(1, ", count: $0) + "2" + String(repeating: ")", count: $0) }),
        ("if/else chain", { "func f(c: Bool) {\n" + String(repeating: "if c { f(c: c) } else ", count: $0) + "{}\n}" }),
        ("member chain", { "let x = a" + String(repeating: ".b", count: $0) }),
        ("optional chain", { "let x = a" + String(repeating: "?.b", count: $0) }),
        ("attributes", { String(repeating: "@A ", count: $0) + "func f() {}" }),
        ("mixed brackets", { "let x = " + String(repeating: "[([", count: $0 / 3 + 1) + "1" + String(repeating: "])]", count: $0 / 3 + 1) }),
    ]

    static var depths: [Int] { large ? [125, 250, 500, 1000] : [64, 128, 256, 512] }

    static func lintSeconds(_ text: String) -> Double? {
        fastest {
            let source = ParsedSource(parsingOnThisThread: text, path: "Deep.swift")
            precondition(LintEngine().check(sources: [source]).kept.contains { $0.finding.rule == .uncheckedSendableStoredClosure })
        }
    }

    @Test("lint: each bracketed construct, depth 64 to 512 (1,000 with SCALING_LARGE), costs linear time", arguments: constructs.map(\.name))
    func lintDepth(construct: String) {
        let make = Self.constructs.first { $0.name == construct }!.make
        Self.expectLinear("lint \(construct)", sizes: Self.depths) { depth in
            Self.lintSeconds(make(depth) + "\n" + Self.loophole)
        }
    }

    @Test("lint: 1,000 nested array brackets before a loophole: found at its exact line")
    func thousandBrackets() throws {
        let text = "let x = " + String(repeating: "[", count: 1000) + "1" + String(repeating: "]", count: 1000) + "\n" + Self.loophole
        let report = LintEngine().lint(sources: [ParsedSource(path: "Deep.swift", text: text)])
        let finding = try #require(report.findings.first)
        #expect(finding.rule == .uncheckedSendableStoredClosure)
        #expect(finding.line == 4)
        #expect(report.findings.count == 1)
    }

    @Test("lint: depth 10,000 of each construct is a skipped file with its reason, not a crash", arguments: constructs.map(\.name))
    func tenThousand(construct: String) throws {
        let make = Self.constructs.first { $0.name == construct }!.make
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scaling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data((make(10_000) + "\n").utf8).write(to: directory.appendingPathComponent("Deep.swift"))
        try Data(Self.loophole.utf8).write(to: directory.appendingPathComponent("Holder.swift"))
        // A limit no debug build on a loaded machine reaches: this test is
        // about depth (the time limit has its own test).
        var configuration = LintConfiguration()
        configuration.fileTimeLimit = 600
        let report = try LintEngine(configuration: configuration).lint(paths: [directory.path])
        #expect(report.findings.map(\.rule) == [.uncheckedSendableStoredClosure])
        // Either linted (the stack held) or skipped with the nesting named.
        for skipped in report.skippedFiles {
            #expect(skipped.path.hasSuffix("Deep.swift") && skipped.reason.contains("more than lint's limit"), "\(skipped)")
        }
    }

    // MARK: - Lint: size

    /// Ordinary Swift, about 1 kB per unit, with a loophole in each.
    static func ordinarySource(units: Int, generator: inout SplitMix64) -> String {
        var text = ""
        for unit in 0..<units {
            let fields = Int.random(in: 1...4, using: &generator)
            text += "/// Unit \(unit).\nfinal class Holder\(unit): @unchecked Sendable {\n"
            for field in 0..<fields { text += "    var value\(field): [String: Int] = [\"k\": \(field)]\n" }
            text += "    var callback: () -> Void = {}\n"
            text += "    func run(_ items: [Int]) -> Int {\n        var total = 0\n"
            text += "        for item in items where item % 2 == 0 { total += item * \(unit) }\n"
            text += "        if total > 10 { return total } else if total < 0 { return -total } else { return 0 }\n    }\n}\n\n"
        }
        return text
    }

    @Test("lint: a file of 16 kB to 256 kB (to 4 MB with SCALING_LARGE) costs linear time")
    func lintSize() {
        var generator = SplitMix64(seed: Self.seed)
        let units = Self.large ? [16, 64, 256, 4096] : [16, 64, 256]
        let texts = Dictionary(uniqueKeysWithValues: units.map { ($0, Self.ordinarySource(units: $0, generator: &generator)) })
        Self.expectLinear("lint size", sizes: units) { units in
            let text = texts[units]!
            return Self.fastest { _ = LintEngine().check(sources: [ParsedSource(parsingOnThisThread: text, path: "Big.swift")]) }
        }
    }

    @Test("lint: .isolation-probe.json and a baseline of growing size cost linear time")
    func configurationAndBaseline() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scaling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let counts = Self.large ? [4000, 16_000, 64_000] : [1000, 4000, 16_000]
        Self.expectLinear(".isolation-probe.json", sizes: counts) { count in
            let globs = (0..<count).map { "\"Sources/Generated\($0)/**/*.swift\"" }.joined(separator: ", ")
            let file = directory.appendingPathComponent("config-\(count).json")
            try? Data("{\"excluded\": [\(globs)], \"safeWrappers\": [\(globs)]}".utf8).write(to: file)
            return Self.fastest { precondition((try? LintConfiguration.load(file.path)) != nil) }
        }
        Self.expectLinear("baseline", sizes: counts) { count in
            let entries = (0..<count).map {
                "{\"file\": \"Sources/F\($0).swift\", \"rule\": \"unchecked-sendable-stored-closure\", \"lineText\": \"var callback\($0): () -> Void\", \"count\": 1}"
            }.joined(separator: ",\n")
            let file = directory.appendingPathComponent("baseline-\(count).json")
            try? Data("{\"version\": 1, \"entries\": [\n\(entries)\n]}".utf8).write(to: file)
            return Self.fastest { precondition((try? LintBaseline.load(file.path))?.entries.count == count) }
        }
    }

    // MARK: - Triage

    /// A report of each format with `frames` frame lines.
    static let reports: [(name: String, make: @Sendable (Int) -> String)] = [
        ("swift backtrace", { frames in
            "*** Program crashed: Illegal instruction at 0x00007f9f3d6ac2a2 ***\n\nThread 1 crashed:\n\n"
                + (0..<frames).map { "\($0) [ra] 0x00007f9f3d6ac2a2 f\($0)() + 82 in libapp.so\n" }.joined()
        }),
        ("lldb", { frames in
            "* thread #3, queue = 'com.apple.root.default-qos', stop reason = EXC_BREAKPOINT (code=1, subcode=0x1)\n"
                + (0..<frames).map { "    frame #\($0): 0x0000000101bd43f8 App`f\($0)() + 116\n" }.joined()
        }),
        ("apple crash text", { frames in
            "Exception Type:  EXC_BREAKPOINT (SIGTRAP)\n\nThread 0 Crashed:\n"
                + (0..<frames).map { "\($0)   App    0x00000001856004fc f\($0)() + 116\n" }.joined()
        }),
        ("apple .ips", { frames in
            // 20 frames per thread, as many threads as it takes.
            let threads = (0..<max(frames / 20, 1)).map { thread in
                "{\"id\":\(thread),\"triggered\":\(thread == 0),\"frames\":["
                    + (0..<20).map { "{\"imageIndex\":0,\"imageOffset\":\($0 * 16),\"symbol\":\"f\($0)\",\"symbolLocation\":4}" }.joined(separator: ",")
                    + "]}"
            }.joined(separator: ",\n")
            return "{\"bug_type\":\"309\",\"os_version\":\"macOS 15.0\"}\n{\"exception\":{\"type\":\"EXC_BREAKPOINT\",\"signal\":\"SIGTRAP\"},"
                + "\"faultingThread\":0,\"usedImages\":[{\"name\":\"App\",\"path\":\"/Applications/App\"}],\"threads\":[\n\(threads)\n]}\n"
        }),
        ("one frame wrapped over many lines", { lines in
            "* thread #1, stop reason = signal SIGILL\n    frame #0: 0x0000000101bd43f8 App`f("
                + (0..<lines).map { "argument\($0): Int,\n" }.joined() + "last: Int) at F.swift:3\n"
        }),
        ("pasted fragment (address-less frames, arrows, prose)", { lines in
            (0..<lines).map { number -> String in
                switch number % 4 {
                case 0: return "\(number)  libdispatch.dylib   _dispatch_sync_f_slow + 148\n"
                case 1: return "closure #1 in Feed.f\(number)() → swift_task_isCurrentExecutorImpl\n"
                case 2: return "It crashed in `Model.load\(number)()` at Model.swift line \(number), see +[Cache flush:].\n"
                default: return "  #\(number)\t0x00000001957a291c in Store.g\(number)() at Store.swift:\(number)\n"
                }
            }.joined()
        }),
        ("console lines", { lines in
            (0..<lines).map { "2026-01-01 00:00:\($0 % 60) app[1:2] message \($0)\n" }.joined()
                + "Fatal error: Index out of range\n"
        }),
    ]

    @Test("triage: each format, 1,000 to 16,000 frames (256,000 with SCALING_LARGE), costs linear time", arguments: reports.map(\.name))
    func triageSize(format: String) {
        let make = Self.reports.first { $0.name == format }!.make
        let sizes = Self.large ? [1000, 16_000, 256_000] : [1000, 4000, 16_000]
        let texts = Dictionary(uniqueKeysWithValues: sizes.map { ($0, make($0)) })
        Self.expectLinear("triage \(format)", sizes: sizes) { size in
            let text = texts[size]!
            return Self.fastest { _ = CrashReportReader.read(text) }
        }
    }

    @Test("triage: resident memory grows by at most 10 bytes per input byte (.ips and text)", arguments: ["apple .ips", "swift backtrace"])
    func triageMemory(format: String) throws {
        let make = Self.reports.first { $0.name == format }!.make
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scaling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sizes = Self.large ? [10_000, 200_000] : [5000, 60_000]
        var measured: [(bytes: Int, peak: Int)] = []
        for frames in sizes {
            let file = directory.appendingPathComponent("report-\(frames).txt")
            let data = Data(make(frames).utf8)
            try data.write(to: file)
            let run = try PeakMemory.run(ProbeBinary.path, ["triage", file.path])
            measured.append((data.count, run.peakBytes))
        }
        let growth = Double(measured[1].peak - measured[0].peak) / Double(measured[1].bytes - measured[0].bytes)
        #expect(growth <= 10, "\(format): \(growth.formatted(.number.precision(.fractionLength(1)))) bytes of memory per input byte (\(measured))")
    }
}

/// Runs a program and reports its peak resident memory (from `wait4`).
enum PeakMemory {
    struct Run {
        var status: Int32
        var peakBytes: Int
    }

    static func run(_ path: String, _ arguments: [String]) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        return Run(status: status, peakBytes: usage.ru_maxrss * 1024)
    }
}
