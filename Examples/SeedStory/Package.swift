// swift-tools-version:6.2
//
// The seed's story, adopted: a library (`Telemetry`) that logs from
// background queues through LoggingSink, and a host app (`seed-host`) that
// installs its sink in a @MainActor initializer. The host is built with
// actor data-race checks on, the flag under which the original
// @unchecked Sendable box trapped.
//
//   cd Examples/SeedStory && swift run seed-host
//
// A separate package so the root manifest stays lean; it depends on the
// root by path, without the isolation probe's dependencies.
import PackageDescription

/// SwiftPM names a path dependency after its directory, so the root
/// package's identity is whatever the checkout is called.
let rootPackage = Context.packageDirectory
    .split(separator: "/").dropLast(2).last.map { String($0).lowercased() } ?? "safebox"

let package = Package(
    name: "SeedStory",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../..", traits: []),
    ],
    targets: [
        .target(
            name: "Telemetry",
            dependencies: [.product(name: "LoggingSink", package: rootPackage)],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "seed-host",
            dependencies: ["Telemetry", .product(name: "LoggingSink", package: rootPackage)],
            path: "Sources/SeedHost",
            swiftSettings: [
                .swiftLanguageMode(.v6),
                .unsafeFlags(["-enable-actor-data-race-checks"]),
            ]
        ),
    ]
)
