// swift-tools-version:6.0
// A package the detect tests build with run-time isolation checks: a library
// with the seed's stored-closure loophole, an executable and Swift Testing
// tests that each trip it a known number of times.
import PackageDescription

let package = Package(
    name: "PlantedPackage",
    targets: [
        .target(name: "PlantedLib"),
        .executableTarget(name: "planted-app", dependencies: ["PlantedLib"]),
        .testTarget(name: "PlantedLibTests", dependencies: ["PlantedLib"]),
    ]
)
