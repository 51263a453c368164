// swift-tools-version:6.2
//
// A stress program for valgrind's thread checkers (helgrind, DRD): threads
// hammer a SafeBox with a pthread policy, which those tools understand, and
// optionally also a counter outside the box (a deliberate data race that
// the tools must report). Run by Tests/Helgrind/run.sh.
//
// A separate package so the root manifest stays lean; it depends on the
// root by path, without the isolation probe's dependencies.
import PackageDescription

/// SwiftPM names a path dependency after its directory, so the root
/// package's identity is whatever the checkout is called.
let rootPackage = Context.packageDirectory
    .split(separator: "/").dropLast(2).last.map { String($0).lowercased() } ?? "safebox"

let package = Package(
    name: "HelgrindStress",
    dependencies: [
        .package(path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "pthread-policy-stress",
            dependencies: [.product(name: "SafeBox", package: rootPackage)],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
