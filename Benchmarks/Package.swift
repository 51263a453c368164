// swift-tools-version:6.2
//
// Benchmarks for the SafeBox toolkit, kept in their own package so that
// adopters of SafeBox never resolve, clone or build a benchmark dependency.
//
//   swift package benchmark            # package-benchmark suite (Benchmarks/LockBenchmarks)
//   ./run-report.sh                    # every report: Results/contention.md, charts, callgrind, sink.md
//   QUICK=1 ./run-report.sh            # the same in under 3 minutes, into Results/quick/
//   swift test                         # Mutex (next) and the lock peers: mutual exclusion, Gini
//
// Every lock SafeBox is compared with is a dependency here and only here.
import PackageDescription

/// SwiftPM names a path dependency after its directory, not its manifest's
/// `name`, so the root package's identity is whatever the checkout is called.
let rootPackage = Context.packageDirectory
    .split(separator: "/").dropLast().last.map { String($0).lowercased() } ?? "safebox"

let package = Package(
    name: "SafeBoxBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.2"),
        .package(url: "https://github.com/apple/swift-atomics", exact: "1.3.0"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", exact: "1.4.3"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // C probes of the machine itself (cross-CPU cache-line latency),
        // taken around each run to tell machine slowdowns from lock slowdowns.
        .target(name: "MachineProbes"),

        // "Mutex (next)": the Linux Mutex of swiftlang/swift#88523 (plain
        // futex, three-state word, bounded jittered spin), written in C from
        // its published description with the same tunables.
        .target(name: "MutexNext"),

        // SafeBox's lock engine (the root package's cpts_lock.c, included
        // by path) built with other spin shapes and hand-off intervals, and
        // Mutex (next)'s engine behind the same calls, for the report's
        // engine study.
        .target(name: "EngineVariants", dependencies: ["MutexNext"], exclude: ["engine_variant.inc", "first_engine.inc"]),

        // Every peer behind one interface, plus the thread harness that runs
        // them: shared by the package-benchmark suite and the report tool so
        // both measure exactly the same code.
        .target(
            name: "LockPeers",
            dependencies: [
                "MachineProbes",
                "MutexNext",
                "EngineVariants",
                .product(name: "SafeBox", package: rootPackage),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // Mutual exclusion of every lock peer under contention, and the
        // report's statistics (Gini).
        .testTarget(
            name: "LockPeersTests",
            dependencies: ["LockPeers", "MutexNext"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // Side-by-side contention report: repeated runs, medians, ratios to
        // SafeBox, per-thread fairness, an SVG chart, instruction counts.
        .executableTarget(
            name: "contention-report",
            dependencies: ["LockPeers"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // LoggingSink's log call against the naive designs for the seed's
        // `Logging.sink` (SafeBox/Mutex/rwlock copy-out, the actor
        // Plumbing) and swift-log's Logger, same run, ratios:
        // `swift run -c release sink-benchmark`.
        .executableTarget(
            name: "sink-benchmark",
            dependencies: [
                .product(name: "LoggingSink", package: rootPackage),
                .product(name: "SafeBox", package: rootPackage),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // The standard `swift package benchmark` suite.
        .executableTarget(
            name: "LockBenchmarks",
            dependencies: [
                "LockPeers",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LockBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
