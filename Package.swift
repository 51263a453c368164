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

        // Reproduces, classifies and finds isolation failures.
        .executableTarget(
            name: "isolation-probe",
            dependencies: [
                // The probe does not import these two: case programs (9a, 9b)
                // link their build products, which SwiftPM only produces next
                // to the probe when the probe depends on them.
                "SafeBox",
                "LoggingSink",
                probeOnly("ArgumentParser", "swift-argument-parser"),
                probeOnly("Subprocess", "swift-subprocess"),
                probeOnly("SwiftSyntax", "swift-syntax"),
                probeOnly("SwiftParser", "swift-syntax"),
            ],
            exclude: ["Cases"],
            swiftSettings: strictSwift6
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
        .testTarget(
            name: "IsolationProbeTests",
            dependencies: ["isolation-probe", "TestSupport"],
            // Programs and packages that lint/detect tests read or build; not test sources.
            exclude: ["Fixtures/Lint", "Fixtures/Detect"],
            swiftSettings: strictSwift6
        ),
    ]
)
