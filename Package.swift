// swift-tools-version:6.2
//
// SafeBox toolkit: concurrency-safe shared state for Swift 6 on Linux.
//
// Dependency hygiene: the library products (SafeBox, LoggingSink) depend on
// nothing but libc and the standard library. Everything the isolation probe
// needs (argument parsing, subprocesses, swift-syntax) is gated behind the
// `IsolationProbe` trait. It is on by default so `swift run isolation-probe`
// works in a checkout; adopters who want a minimal dependency graph write
//
//     .package(url: "https://github.com/…/SafeBox", from: "1.0.0", traits: [])
//
// and SwiftPM then does not even clone the probe's dependencies. Without that,
// they are cloned but never compiled into the adopter's build.
import PackageDescription

let probeTrait = "IsolationProbe"

/// A dependency that only the isolation probe needs.
func probeOnly(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: [probeTrait]))
}

let strictSwift6: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "SafeBox",
    products: [
        .library(name: "SafeBox", targets: ["SafeBox"]),
        .library(name: "LoggingSink", targets: ["LoggingSink"]),
        .library(name: "LoggingSinkSwiftLog", targets: ["LoggingSinkSwiftLog"]),
        .executable(name: "isolation-probe", targets: ["isolation-probe"]),
        .executable(name: "isolation-lint", targets: ["isolation-lint"]),
        .plugin(name: "IsolationLintPlugin", targets: ["IsolationLintPlugin"]),
        .plugin(name: "IsolationLintBuildPlugin", targets: ["IsolationLintBuildPlugin"]),
    ],
    traits: [
        .trait(
            name: probeTrait,
            description: "Builds the isolation-probe executable and its dependencies (swift-argument-parser, swift-subprocess, swift-syntax)."
        ),
        .default(enabledTraits: [probeTrait]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", exact: "1.0.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // SafeBox's C layer: its lock engine (the futex lock word,
        // cpts_lock) and thin, prefixed wrappers over pthread and the clock,
        // so Swift never touches platform-specific initialisers or attribute
        // plumbing.
        .target(name: "CPThreadShim"),

        // The noncopyable lock box with Mutex's contract, and what Mutex lacks.
        .target(
            name: "SafeBox",
            dependencies: ["CPThreadShim"],
            swiftSettings: strictSwift6 + [
                // Lets SafeBox be `@_staticExclusiveOnly` like `Mutex`, so a
                // `var box = SafeBox(…)` is rejected exactly where Mutex's is.
                .enableExperimentalFeature("StaticExclusiveOnly"),
            ]
        ),

        // A Sendable logging-sink API for libraries, built on SafeBox.
        .target(
            name: "LoggingSink",
            dependencies: ["SafeBox", "CLoggingSinkSupport"],
            swiftSettings: strictSwift6
        ),
        // LoggingSink's per-thread hazard records and membarrier (C: Swift
        // has no thread-locals and cannot call the variadic syscall()).
        .target(name: "CLoggingSinkSupport"),

        // Bridge between LoggingSink and apple/swift-log, kept out of the core.
        .target(
            name: "LoggingSinkSwiftLog",
            dependencies: ["LoggingSink", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSwift6
        ),

        // The isolation probe: libraries by concern under
        // Sources/isolation-probe, and a thin command-line tool over them.
        // None of it is a product an adopter links; only the executable and
        // the lint plugins are vended.
        .target(
            name: "ProbeSupport",
            path: "Sources/isolation-probe/ProbeSupport",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "ProbeProcess",
            dependencies: ["ProbeSupport", probeOnly("Subprocess", "swift-subprocess")],
            path: "Sources/isolation-probe/ProbeProcess",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "IsolationCatalog",
            dependencies: ["IsolationTriage", "ProbeProcess", "ProbeSupport"],
            path: "Sources/isolation-probe/IsolationCatalog",
            // The case programs are data: the plugin embeds them in the binary.
            exclude: ["Cases"],
            swiftSettings: strictSwift6,
            plugins: ["EmbedProbeSources"]
        ),
        .target(
            name: "IsolationLint",
            dependencies: [
                "ProbeSupport",
                probeOnly("SwiftSyntax", "swift-syntax"),
                probeOnly("SwiftParser", "swift-syntax"),
            ],
            path: "Sources/isolation-probe/IsolationLint",
            exclude: ["README.md"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "IsolationDetect",
            dependencies: ["ProbeProcess", "ProbeSupport"],
            path: "Sources/isolation-probe/IsolationDetect",
            swiftSettings: strictSwift6
        ),
        // Reads crash reports a user already has (Swift backtraces, lldb,
        // Apple .ips and .crash, console lines) and says whether the runtime's
        // isolation check stopped the program, who ran where, and which catalog
        // case shows the route.
        .target(
            name: "IsolationTriage",
            dependencies: ["ProbeProcess", "ProbeSupport"],
            path: "Sources/isolation-probe/IsolationTriage",
            // The catalog's scripts (coverage, the compiler diagnostics' generator) read or write its files; they are not built.
            exclude: ["README.md", "Producers/coverage.py", "Producers/swift_compiler_messages.py"],
            swiftSettings: strictSwift6
        ),
        // ArgumentParser glue both executables share: the exit-status
        // contract, --output, and the lint command.
        .target(
            name: "ProbeCommandLine",
            dependencies: ["IsolationLint", "ProbeSupport", probeOnly("ArgumentParser", "swift-argument-parser")],
            path: "Sources/isolation-probe/ProbeCommandLine",
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "isolation-probe",
            dependencies: [
                "IsolationCatalog", "IsolationDetect", "IsolationLint", "IsolationTriage",
                "ProbeCommandLine", "ProbeProcess", "ProbeSupport",
                probeOnly("ArgumentParser", "swift-argument-parser"),
            ],
            path: "Sources/isolation-probe/Tool",
            swiftSettings: strictSwift6
        ),
        // The linter alone, for the plugins: no catalog, no detect.
        // Without the trait it builds to one line saying how to turn the
        // trait on, so a consumer with `traits: []` who runs a lint plugin
        // reads that instead of swift-syntax's missing-module errors.
        .executableTarget(
            name: "isolation-lint",
            dependencies: [.target(name: "ProbeCommandLine", condition: .when(traits: [probeTrait]))],
            path: "Sources/isolation-probe/LintTool",
            swiftSettings: strictSwift6
        ),
        .plugin(
            name: "IsolationLintPlugin",
            capability: .command(
                intent: .custom(verb: "isolation-lint", description: "Find isolation loopholes in the package's Swift targets"),
                permissions: []
            ),
            dependencies: ["isolation-lint"]
        ),
        .plugin(
            name: "IsolationLintBuildPlugin",
            capability: .buildTool(),
            dependencies: ["isolation-lint"]
        ),
        // Writes the catalog and library sources into a Swift file at build time.
        .executableTarget(
            name: "probe-source-embedder",
            path: "Sources/isolation-probe/ProbeSourceEmbedder",
            swiftSettings: strictSwift6
        ),
        .plugin(
            name: "EmbedProbeSources",
            capability: .buildTool(),
            dependencies: ["probe-source-embedder"]
        ),

        // Compiles snippets against the built modules and checks the
        // compiler's verdict; shared by the test targets.
        .target(
            name: "CompileFixtures",
            path: "Tests/CompileFixtures",
            swiftSettings: strictSwift6
        ),

        // What the test targets share: thread launchers and test tags.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport",
            swiftSettings: strictSwift6
        ),

        .testTarget(
            name: "SafeBoxTests",
            dependencies: ["SafeBox", "CPThreadShim", "CompileFixtures", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "LoggingSinkTests",
            dependencies: [
                "LoggingSink", "LoggingSinkSwiftLog", "CompileFixtures", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSwift6
        ),
        // Compiles every Swift example of the DocC articles and doc comments
        // (`.ci/check-docs.sh` also builds the documentation itself).
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["SafeBox", "LoggingSink", "LoggingSinkSwiftLog", "CompileFixtures"],
            // Compiled by the tests into a module the examples import, not test sources.
            exclude: ["Context"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "IsolationTriageTests",
            dependencies: ["IsolationTriage", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "IsolationProbeTests",
            // The executable is a dependency only so that `swift test` builds
            // it: command-line tests run it as users do.
            dependencies: ["IsolationCatalog", "IsolationLint", "IsolationDetect", "IsolationTriage", "ProbeProcess", "TestSupport", "isolation-probe"],
            // Programs and packages that lint/detect tests read or build; not test sources.
            exclude: ["Fixtures/Lint", "Fixtures/Detect"],
            swiftSettings: strictSwift6
        ),
    ]
)
